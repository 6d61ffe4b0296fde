import type { TablePaginationConfig } from 'antd';

/** What a paged list's query carries of its paging. */
interface Paged {
  page: number;
  pageSize: number;
}

/**
 * A back-office table's paging props (its `onChange` and `pagination`): the query's page of
 * `total` rows, a fixed page size, and the count said with `showTotal`. A page turned keeps the
 * query's filters.
 */
export function tablePaging<Q extends Paged>(
  query: Q,
  setQuery: (change: (q: Q) => Q) => void,
  total: number,
  showTotal: (count: number) => string,
): { onChange: (pagination: TablePaginationConfig) => void; pagination: TablePaginationConfig } {
  return {
    onChange: (pagination) => setQuery((q) => ({ ...q, page: pagination.current ?? 1 })),
    pagination: { current: query.page, pageSize: query.pageSize, total, showSizeChanger: false, showTotal },
  };
}
