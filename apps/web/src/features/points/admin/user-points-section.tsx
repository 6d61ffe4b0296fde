import { AdminGiftRequest, pointsAdminEndpoints, type AdminUserPoints } from '@sfm/protocol/points-admin';
import { Alert, Button, Descriptions, Form, Input, InputNumber, Space, Table } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS_ADMIN_NS } from '../../../i18n/admin/points/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import { adminCall, formatTime, protocolRule, useAdminData, useSubmit } from '../../../back-office/index.ts';
import { formatDay, signedAmount } from '../points-format.ts';

/** A field's rule of the protocol, so the form says what the server would. */
const rule = (field: 'amount' | 'reason') => protocolRule(AdminGiftRequest.shape[field]);

/** The users drawer's points: the balance, the latest entries, and a gift or take-back with a reason. */
export function UserPointsSection({ userId }: { userId: string }) {
  const { t } = useTranslation(POINTS_ADMIN_NS);
  const points = useAdminData(`points:${userId}`, (signal) =>
    adminCall(pointsAdminEndpoints.userPoints, { userId }, { signal }),
  );
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const { busy, error, submit } = useSubmit();
  const headingId = useId();
  const giftId = useId();

  const gift = ({ amount, reason }: { amount: number; reason: string }) =>
    submit(
      () => adminCall(pointsAdminEndpoints.giftPoints, { userId, amount, reason: reason.trim() }),
      () => {
        announce(t('user.done', { amount: signedAmount(amount) }));
        form.resetFields();
        points.reload();
      },
    );

  const data: AdminUserPoints | null = points.data;
  return (
    <section aria-labelledby={headingId} className="admin-drawer__section">
      <h2 id={headingId}>{t('user.title')}</h2>
      {points.error ? <Alert type="error" showIcon title={points.error} /> : null}
      {data ? (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'total',
                label: t('user.title'),
                children: t('user.total', {
                  total: data.details.totalPoints,
                  free: data.details.freePoints,
                  vip: data.details.vipPoints,
                  paid: data.details.paidPoints,
                }),
              },
              ...(data.details.isVip && data.details.vipExpiryDate
                ? [
                    {
                      key: 'vip',
                      label: 'VIP',
                      children: t('user.vip', { date: formatDay(data.details.vipExpiryDate) }),
                    },
                  ]
                : []),
            ]}
          />
          {data.refundShortfalls.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              title={t('user.shortfall.title')}
              description={
                <ul>
                  {data.refundShortfalls.map((s) => (
                    <li key={s.orderId}>
                      {t('user.shortfall.order', {
                        order: s.orderId.slice(0, 8),
                        kind: t(`user.shortfall.kinds.${s.kind}`),
                        yuan: (s.amountFen / 100).toFixed(2),
                        paidAt: s.paidAt ? formatTime(s.paidAt) : '—',
                        points: s.points,
                      })}
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            aria-label={t('user.entries')}
            locale={{ emptyText: t('user.none') }}
            dataSource={data.entries}
            columns={[
              {
                title: t('user.columns.time'),
                dataIndex: 'createdAt',
                render: (v: string) => formatTime(v),
              },
              {
                title: t('user.columns.type'),
                dataIndex: 'type',
                render: (v: string) => t(`types.${v}`),
              },
              {
                title: t('user.columns.amount'),
                dataIndex: 'amount',
                render: (v: number) => signedAmount(v),
              },
              { title: t('user.columns.remark'), dataIndex: 'remark' },
              { title: t('user.columns.after'), dataIndex: 'after' },
            ]}
          />
        </>
      ) : null}
      <h3 id={giftId}>{t('user.gift')}</h3>
      <div role="alert">{error ? <Alert type="error" showIcon title={error} /> : null}</div>
      {/* a name of its own: field ids must not collide with the drawer's other forms (the ban reason) */}
      <Form
        form={form}
        name="points-gift"
        layout="vertical"
        aria-labelledby={giftId}
        onFinish={(values) => void gift(values)}
      >
        <Space wrap align="start">
          <Form.Item label={t('user.amount')} name="amount" rules={[rule('amount')]}>
            <InputNumber precision={0} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item label={t('user.reason')} name="reason" rules={[rule('reason')]}>
            <Input maxLength={200} style={{ width: 260 }} />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('user.submit')}
        </Button>
      </Form>
    </section>
  );
}
