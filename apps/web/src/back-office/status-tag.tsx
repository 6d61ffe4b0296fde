import { Tag } from 'antd';

/**
 * A status word on a solid dark background: antd's preset green and red tags (light text colours on
 * pale backgrounds) fail the 4.5:1 contrast of WCAG AA; white on these passes.
 */
export function StatusTag({ ok, children }: { ok: boolean; children: string }) {
  return <Tag color={ok ? '#1e6b34' : '#b3261e'}>{children}</Tag>;
}
