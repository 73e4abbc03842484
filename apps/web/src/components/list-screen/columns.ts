import type { ReactNode } from 'react';

/** One column of a list (STYLE.md habit 6): how it renders, sorts and exports. */
export type ListColumn<Row> = {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
  /** The API sort field; sortable when set. */
  sortField?: string;
  /** Export columns (`_fields`) for this column; none means not exported. */
  exportFields?: readonly string[];
  defaultHidden?: boolean;
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** Stays in view while the table scrolls sideways on a narrow screen (e.g. status). */
  fixed?: 'right';
};

export type ColumnSettings = { order: string[]; hidden: string[] };

/** Applies saved settings to the columns: saved order first, new columns after, hidden removed. */
export const arrangeColumns = <C extends { key: string; defaultHidden?: boolean }>(
  columns: readonly C[],
  settings: ColumnSettings | null,
): { visible: C[]; all: (C & { hidden: boolean })[] } => {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const ordered = [
    ...(settings?.order ?? []).filter((key) => byKey.has(key)),
    ...columns.map((c) => c.key).filter((key) => !settings?.order.includes(key)),
  ];
  const all = ordered.map((key) => {
    const column = byKey.get(key)!;
    const hidden = settings ? settings.hidden.includes(key) : Boolean(column.defaultHidden);
    return { ...column, hidden };
  });
  return { visible: all.filter((column) => !column.hidden), all };
};

const storageKey = (userId: string, listId: string) => `kassa.columns.${userId}.${listId}`;

/** Column settings are remembered per user and list on this device. */
export const loadColumnSettings = (
  userId: string,
  listId: string,
  storage: Storage = localStorage,
): ColumnSettings | null => {
  try {
    const parsed = JSON.parse(storage.getItem(storageKey(userId, listId)) ?? 'null') as ColumnSettings | null;
    return parsed && Array.isArray(parsed.order) && Array.isArray(parsed.hidden) ? parsed : null;
  } catch {
    return null;
  }
};

export const saveColumnSettings = (
  userId: string,
  listId: string,
  settings: ColumnSettings | null,
  storage: Storage = localStorage,
) => {
  if (settings) storage.setItem(storageKey(userId, listId), JSON.stringify(settings));
  else storage.removeItem(storageKey(userId, listId));
};
