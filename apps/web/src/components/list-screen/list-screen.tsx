import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Empty, Input, Select, Space, Table, Tooltip, type TableProps } from 'antd';
import { countParamsOf } from '@kassa/domain';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, buildUrl, type QueryParams } from '@/lib/api-client.ts';
import { resolveLanguage } from '@/lib/languages.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import { PageTitle } from '@/components/page-title.tsx';
import { ColumnSettingsButton } from './column-settings.tsx';
import {
  arrangeColumns,
  loadColumnSettings,
  saveColumnSettings,
  type ColumnSettings,
  type ListColumn,
} from './columns.ts';
import {
  initialSearch,
  PAGE_SIZES,
  parseListParams,
  serializeListState,
  toApiParams,
  type FilterValue,
  type ListParamsDef,
  type ListState,
} from './search-params.ts';
import styles from './list-screen.module.css';

export type ListScreenProps<Row> = {
  /** Names the list for column settings (per user). */
  listId: string;
  title: string;
  params: ListParamsDef;
  columns: ListColumn<Row>[];
  /** `shownColumns`: the keys of the columns on screen (a list that asks per column reads them). */
  listQuery: (
    params: QueryParams,
    scope: string,
    shownColumns: readonly string[],
  ) => UseQueryOptions<Row[], Error, Row[], readonly unknown[]>;
  countQuery: (
    params: QueryParams,
    scope: string,
  ) => UseQueryOptions<{ count: number }, Error, { count: number }, readonly unknown[]>;
  /** `GET /v1/{entity}/export` streams every matching row as CSV. */
  exportPath?: string;
  /** Parameters every request of this screen carries (e.g. `type=TAGGED`), not shown in the URL. */
  fixedParams?: QueryParams;
  filters?: (props: FilterProps) => ReactNode;
  searchByLabel?: (field: string) => string;
  renderDetail?: (id: string, close: () => void) => ReactNode;
  rowKey?: (row: Row) => string;
  actions?: ReactNode;
  /** Shown between the title and the filters (e.g. what the screen is for). */
  intro?: ReactNode;
  /** Rows can be ticked for a bulk action (the review queue); the screen keeps the ticked ids. */
  selection?: {
    keys: string[];
    onChange: (keys: string[]) => void;
    /** The accessible name of a row's checkbox. */
    label: (row: Row) => string;
    disabled?: (row: Row) => boolean;
  };
};

/**
 * The select-all box of a selectable list. The table also renders every column title in its
 * hidden measuring row (`aria-hidden`, to size the columns); the copy there must not be reachable
 * by Tab, or screen-reader users meet a focusable control that is hidden from them (axe
 * aria-hidden-focus).
 */
const SelectAllTitle = ({ children }: { children: ReactNode }) => {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (!ref.current?.closest('.ant-table-measure-row')) return;
    ref.current.querySelectorAll<HTMLElement>('input, button').forEach((element) => {
      element.tabIndex = -1;
    });
  });
  return <span ref={ref}>{children}</span>;
};

/**
 * The one list screen (payments.md "Payments lists"): filters, sort and page live in the URL,
 * a bare URL is redirected to the route's initial filters, column settings are remembered per
 * user, export streams all matching rows, a row click opens the detail panel.
 */
export const ListScreen = <Row extends { id: string }>(props: ListScreenProps<Row>) => {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const scope = useOrganisationScope(pathname);
  const state = useMemo(() => parseListParams(props.params, search), [props.params, search]);
  const apiParams = useMemo(() => ({ ...toApiParams(state), ...props.fixedParams }), [state, props.fixedParams]);
  const countParams = useMemo(() => countParamsOf(apiParams), [apiParams]);
  const redirect = initialSearch(props.params, search);
  const [settings, setSettings] = useState<ColumnSettings | null>(() =>
    me ? loadColumnSettings(me.id, props.listId) : null,
  );
  const { visible, all } = arrangeColumns(props.columns, settings);
  const shownKey = visible.map((column) => column.key).join(',');
  const shownColumns = useMemo(() => shownKey.split(','), [shownKey]);
  // No request for a bare URL: it is about to be redirected to the route's initial filters.
  const list = useQuery({
    ...props.listQuery(apiParams, scope, shownColumns),
    placeholderData: keepPreviousData,
    enabled: redirect === null,
  });
  const count = useQuery({
    ...props.countQuery(countParams, scope),
    placeholderData: keepPreviousData,
    enabled: redirect === null,
  });
  const [searchDraft, setSearchDraft] = useState<string | null>(null);

  if (redirect !== null) return <Navigate to={`${pathname}?${redirect}`} replace />;

  const go = (next: Partial<ListState>) =>
    navigate(`${pathname}?${serializeListState(props.params, { ...state, ...next })}`);
  const changeFilters = (changes: Record<string, FilterValue | undefined>) => {
    const filters: Record<string, FilterValue> = { ...state.filters };
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete filters[key];
      else filters[key] = value;
    }
    go({ filters, skip: 0 });
  };
  const changeSettings = (next: ColumnSettings | null) => {
    setSettings(next);
    if (me) saveColumnSettings(me.id, props.listId, next);
  };
  const refresh = () =>
    void queryClient.invalidateQueries({
      queryKey: props.listQuery(apiParams, scope, shownColumns).queryKey.slice(0, 1),
    });

  const exportFields = visible.flatMap((column) => column.exportFields ?? []);
  const exportParams = {
    ...apiParams,
    _skip: undefined,
    _limit: undefined,
    _populate: undefined,
    _fields: exportFields.join(','),
  };
  const exportHref = props.exportPath ? buildUrl('GET', props.exportPath, exportParams) : null;
  // The same rows for a person: headers and values in this language, local times (docs/decisions.md).
  const readableHref = props.exportPath
    ? buildUrl('GET', props.exportPath, {
        ...exportParams,
        _format: 'readable',
        _lang: resolveLanguage(i18n.language),
        _tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      })
    : null;

  const sortField = state.sort.replace(/^-/, '');
  const columns: TableProps<Row>['columns'] = visible.map((column) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    align: column.align,
    fixed: column.fixed,
    render: (_: unknown, row: Row) => column.render(row),
    sorter: Boolean(column.sortField),
    sortOrder: column.sortField === sortField ? (state.sort.startsWith('-') ? 'descend' : 'ascend') : null,
    sortDirections: ['descend', 'ascend', 'descend'],
  }));

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const single = Array.isArray(sorter) ? sorter[0] : sorter;
      const column = props.columns.find((c) => c.key === single?.columnKey);
      const sort =
        column?.sortField && single?.order ? `${single.order === 'descend' ? '-' : ''}${column.sortField}` : undefined;
      go({ sort: sort ?? props.params.defaultSort ?? '-created_at', skip: 0 });
    } else if (extra.action === 'paginate') {
      const limit = pagination.pageSize ?? state.limit;
      go({ limit, skip: limit === state.limit ? ((pagination.current ?? 1) - 1) * limit : 0 });
    }
  };

  const total = count.data?.count ?? 0;
  const error = list.error ?? count.error;
  const openRow = (row: Row) => go({ open: row.id });

  return (
    <div className={styles.screen}>
      <div className={styles.titleRow}>
        <PageTitle>{props.title}</PageTitle>
        <Space wrap>
          {props.actions}
          <Tooltip title={t('list.refresh')}>
            <Button icon={<ReloadOutlined spin={list.isFetching} />} aria-label={t('list.refresh')} onClick={refresh} />
          </Tooltip>
          {exportHref && readableHref && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  {
                    key: 'readable',
                    label: (
                      <a href={readableHref} download>
                        {t('export.readable')}
                      </a>
                    ),
                  },
                  {
                    key: 'machine',
                    label: (
                      <a href={exportHref} download>
                        {t('export.machine')}
                      </a>
                    ),
                  },
                ],
              }}
            >
              <Tooltip title={t('list.exportHint', { count: total })}>
                <Button icon={<DownloadOutlined />}>{t('list.export')}</Button>
              </Tooltip>
            </Dropdown>
          )}
          <ColumnSettingsButton columns={all} onChange={changeSettings} />
        </Space>
      </div>
      {props.intro}
      <div className={styles.filters} role="search">
        <Space.Compact>
          {props.params.searchBy && (
            <Select
              aria-label={t('list.searchBy')}
              value={state.searchBy ?? ''}
              style={{ width: 150 }}
              options={[
                { value: '', label: t('list.searchAll') },
                ...props.params.searchBy.map((field) => ({
                  value: field,
                  label: props.searchByLabel?.(field) ?? field,
                })),
              ]}
              onChange={(value: string) => go({ searchBy: value || null, skip: 0 })}
            />
          )}
          <Input.Search
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            allowClear
            value={searchDraft ?? state.search}
            onChange={(event) => setSearchDraft(event.target.value)}
            onSearch={(value) => {
              setSearchDraft(null);
              go({ search: value.trim(), skip: 0 });
            }}
            style={{ width: 260 }}
          />
        </Space.Compact>
        {props.filters?.({ state, onChange: changeFilters })}
        {Object.keys(state.filters).length > 0 && (
          <Button type="link" onClick={() => go({ filters: {}, skip: 0, search: '' })}>
            {t('list.clearFilters')}
          </Button>
        )}
      </div>
      {error && (
        <Alert
          type="error"
          showIcon
          title={t(`errors.${error instanceof ApiError ? error.code : 'unknown'}`, { defaultValue: error.message })}
          className={styles.error}
        />
      )}
      <Table<Row>
        rowKey={props.rowKey ?? ((row) => row.id)}
        size="middle"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onChange={onTableChange}
        rowSelection={
          props.selection && {
            selectedRowKeys: props.selection.keys,
            onChange: (keys) => props.selection?.onChange(keys.map(String)),
            columnTitle: (checkbox) => <SelectAllTitle>{checkbox}</SelectAllTitle>,
            getCheckboxProps: (row) => ({
              disabled: props.selection?.disabled?.(row) ?? false,
              'aria-label': props.selection?.label(row),
            }),
            // Ticking a row is not opening it.
            renderCell: (_checked, _row, _index, node) => (
              <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
                {node}
              </span>
            ),
          }
        }
        locale={{ emptyText: list.isPending ? ' ' : <Empty description={t('list.empty')} /> }}
        onRow={(row) => ({
          onClick: () => openRow(row),
          onKeyDown: (event) => event.key === 'Enter' && openRow(row),
          tabIndex: 0,
          className: styles.row,
        })}
        pagination={{
          current: Math.floor(state.skip / state.limit) + 1,
          pageSize: state.limit,
          total,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (all, [from, to]) => t('list.range', { from, to, total: all }),
        }}
      />
      {state.open && props.renderDetail?.(state.open, () => go({ open: null }))}
    </div>
  );
};
