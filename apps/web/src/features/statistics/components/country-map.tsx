import { useMemo } from 'react';
import { Card, theme } from 'antd';
import type { TLocationRow } from '@kassa/domain';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import { useTranslation } from 'react-i18next';
import { EChart, echarts, type ChartOption } from '@/components/charts/echart.tsx';
import { useFormat } from '@/lib/use-format.ts';

// Natural Earth 1:110m countries (world-atlas), keyed by ISO 3166 numeric code; registered once.
const topology = world as unknown as Topology<{ countries: GeometryCollection }>;
const geo = feature(topology, topology.objects.countries);
// ECharts names regions by `properties.name`: use the feature's id (ISO 3166 numeric).
for (const f of geo.features) f.properties = { ...f.properties, name: String(f.id) };
echarts.registerMap('world', geo as never);

/** Volume per country on a world map; a click opens the transactions of that country. */
export const CountryMap = ({
  rows,
  currency,
  onOpen,
}: {
  rows: TLocationRow[];
  currency: string;
  onOpen: (alpha2: string) => void;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { token } = theme.useToken();
  const option = useMemo<ChartOption>(() => {
    const names = new Intl.DisplayNames([format.language === 'nl' ? 'nl-NL' : 'en-US'], { type: 'region' });
    const max = Math.max(1, ...rows.map((r) => r.volume));
    return {
      tooltip: {
        formatter: (p: { data?: { alpha2: string; value: number; count: number } }) =>
          p.data
            ? `${names.of(p.data.alpha2)}: ${format.money(p.data.value, currency)} · ${t('statistics.transactionCount', { count: p.data.count })}`
            : '',
      },
      visualMap: {
        min: 0,
        max,
        left: 8,
        bottom: 8,
        calculable: false,
        inRange: { color: [token.colorPrimaryBg, token.colorPrimary] },
        textStyle: { color: token.colorTextSecondary },
        formatter: (v: number) => format.money(v, currency),
      },
      series: [
        {
          type: 'map',
          map: 'world',
          roam: true,
          emphasis: { label: { show: false } },
          itemStyle: { areaColor: token.colorFillTertiary, borderColor: token.colorBorder },
          data: rows.map((r) => ({
            name: r.location.numeric,
            alpha2: r.location.alpha2,
            value: r.volume,
            count: r.count,
          })),
        },
      ],
    };
  }, [rows, currency, format, t, token]);
  return (
    <Card title={t('statistics.countries')}>
      <EChart
        option={option}
        height={380}
        label={t('statistics.countries')}
        onClick={(params) => {
          const data = params.data as { alpha2?: string } | undefined;
          if (data?.alpha2) onOpen(data.alpha2);
        }}
      />
    </Card>
  );
};
