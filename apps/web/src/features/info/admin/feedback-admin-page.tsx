import type { FeedbackCategory } from '@sfm/protocol/feedback';
import { feedbackAdminEndpoints as e, type AdminFeedback } from '@sfm/protocol/feedback-admin';
import { Alert, Button, Select, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { INFO_ADMIN_NS } from '../../../i18n/admin/info/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import { adminCall, failureText, formatTime, useAdminData } from '../../../back-office/index.ts';

type Status = 'open' | 'answered';

/** One row's reply box: the operator writes the answer the user reads in their personal centre. */
function ReplyBox({ item, onSent }: { item: AdminFeedback; onSent: () => void }) {
  const { t } = useTranslation(INFO_ADMIN_NS);
  const [reply, setReply] = useState(item.reply ?? '');
  const [error, setError] = useState('');
  const send = async () => {
    setError('');
    try {
      const answer = await adminCall(e.replyFeedback, { id: item.id, reply });
      if (!answer.ok) return setError(answer.message);
      announce(t('sent'));
      onSent();
    } catch (err) {
      setError(failureText(err));
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {/* a native textarea: antd's measures itself with ResizeObserver, which a reply box does not need */}
      <textarea
        className="ant-input"
        aria-label={t('replyLabel', { phone: item.phone })}
        value={reply}
        maxLength={2000}
        rows={2}
        onChange={(ev) => setReply(ev.target.value)}
      />
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Button type="primary" onClick={() => void send()}>
        {t('send')}
      </Button>
    </Space>
  );
}

/** /bme_admin/feedback: users' feedback from the contact-us page, the unanswered first, and the replies. */
export function FeedbackAdminPage() {
  const { t } = useTranslation(INFO_ADMIN_NS);
  const [status, setStatus] = useState<Status>('open');
  const list = useAdminData(status, (signal) => adminCall(e.adminFeedback, { status }, { signal }));

  const columns: TableProps<AdminFeedback>['columns'] = [
    { title: t('at'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('phone'),
      dataIndex: 'phone',
      render: (phone: string, f) => (f.contactConsent ? `${phone}（${t('consent')}）` : phone),
    },
    {
      title: t('category'),
      dataIndex: 'category',
      render: (c: FeedbackCategory) => t(`categories.${c}`),
    },
    { title: t('text'), dataIndex: 'text' },
    {
      title: t('photo'),
      dataIndex: 'photoUrl',
      render: (url: string | null) =>
        url ? <img className="feedback-photo" src={url} alt={t('photoAlt')} /> : null,
    },
    {
      title: t('reply'),
      key: 'reply',
      render: (_: unknown, item) => <ReplyBox key={item.id} item={item} onSent={list.reload} />,
    },
  ];

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space>
        <span aria-hidden="true">{t('statusLabel')}</span>
        <Select<Status>
          aria-label={t('statusLabel')}
          value={status}
          style={{ minWidth: 160 }}
          onChange={setStatus}
          options={(['open', 'answered'] as const).map((s) => ({
            value: s,
            label: t(`status.${s}`),
          }))}
        />
      </Space>
      {list.error ? (
        <Alert type="error" showIcon title={t('shell.loadFailed', { ns: ADMIN_NS, message: list.error })} />
      ) : null}
      <Table<AdminFeedback>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.loading}
        pagination={false}
        locale={{ emptyText: t('empty') }}
      />
    </Space>
  );
}
