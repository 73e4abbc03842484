import { useEffect, useRef } from 'react';
import { BarChart, GraphChart, HeatmapChart, LineChart, MapChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what Kassa draws, so a screen with charts loads a fraction of ECharts, and the sign-in
// page none of it (every page is its own lazy chunk).
echarts.use([
  BarChart,
  LineChart,
  HeatmapChart,
  MapChart,
  PieChart,
  GraphChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;
export { echarts };

/**
 * A chart of ECharts: renders `option` into a canvas, follows the container's width (debounced
 * 500 ms, payments.md §9) and reports clicks on data items.
 */
export const EChart = ({
  option,
  height,
  label,
  onClick,
}: {
  option: ChartOption;
  height: number;
  label: string;
  onClick?: (params: { name?: string; data?: unknown; seriesIndex?: number; dataIndex?: number }) => void;
}) => {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onClick);
  click.current = onClick;

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current);
    chart.current = instance;
    instance.on('click', (params) => click.current?.(params as never));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => instance.resize(), 500);
    });
    observer.observe(element.current);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ animationDuration: 500, animationDurationUpdate: 500, ...option }, true);
  }, [option]);

  return <div ref={element} role="img" aria-label={label} style={{ width: '100%', height }} />;
};
