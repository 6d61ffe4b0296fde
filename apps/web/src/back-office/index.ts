/**
 * What every back-office page uses: its calls and loads, the filter bar, the submit hook, the
 * reason dialog, the status tag and the time format. One face, so the build keeps them in one chunk
 * beside antd. Declarations that the user app's bundle or a feature's back-office.ts read
 * (admin-paths.ts, back-office-manifest.ts) are imported directly instead: this face brings antd.
 * The charts (chart-panel.tsx) too, so that echarts loads with the dashboard only.
 */
export { adminCall, failureText } from './admin-call.ts';
export { AdminDataView } from './admin-data-view.tsx';
export { useAdminNotice } from './admin-notice.ts';
export { ADMIN_HOME, ADMIN_PASSWORD, ADMIN_ROOT } from './admin-paths.ts';
export { FilterBar, type FilterField } from './filter-bar.tsx';
export { formatTime } from './format-time.ts';
export { protocolRule } from './protocol-rule.ts';
export { ReasonDialog } from './reason-dialog.tsx';
export { StatusTag } from './status-tag.tsx';
export { tablePaging } from './table-paging.ts';
export { useAdminData, type AdminData } from './use-admin-data.ts';
export { useSubmit } from './use-submit.ts';
