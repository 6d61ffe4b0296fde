import type { UserType } from '@sfm/protocol';
import { adminEndpoints, type AdminUserDetail } from '@sfm/protocol/admin';
import { Alert, App, Button, Descriptions, Drawer, Select, Space, Table } from 'antd';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import type { AnswerOf } from '../../../api/http-client.ts';
import {
  adminCall,
  failureText,
  formatTime,
  ReasonDialog,
  StatusTag,
  useAdminData,
} from '../../../back-office/index.ts';
import { useBackOffice } from '../shell/back-office-context.ts';
import { roleOf, userName } from './user-words.ts';

/** One change of the account; every one answers the user's new summary. */
type Change = () => Promise<AnswerOf<typeof adminEndpoints.banUser>>;

function Sessions({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <Table
      size="small"
      rowKey="startedAt"
      pagination={false}
      locale={{ emptyText: t('users.drawer.noSessions') }}
      dataSource={detail.sessions}
      columns={[
        {
          title: t('users.drawer.sessionStarted'),
          dataIndex: 'startedAt',
          render: (v: string) => formatTime(v),
        },
        {
          title: t('users.drawer.sessionRefreshed'),
          dataIndex: 'lastRefreshedAt',
          render: (v: string) => formatTime(v),
        },
        {
          title: t('users.drawer.sessionExpires'),
          dataIndex: 'expiresAt',
          render: (v: string) => formatTime(v),
        },
        {
          title: t('users.drawer.sessionActive'),
          dataIndex: 'active',
          render: (active: boolean) => t(active ? 'users.drawer.sessionLive' : 'users.drawer.sessionEnded'),
        },
      ]}
    />
  );
}

function RecentAnalyses({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tApp } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="at"
      pagination={false}
      locale={{ emptyText: t('users.drawer.noRecent') }}
      dataSource={detail.recentAnalyses}
      columns={[
        { title: t('users.drawer.sessionStarted'), dataIndex: 'at', render: (v: string) => formatTime(v) },
        {
          title: t('users.drawer.scenario'),
          dataIndex: 'scenario',
          render: (s: string) => tApp(`seeForMe.modes.${s}`, { defaultValue: s }),
        },
        { title: t('users.drawer.engine'), dataIndex: 'engine' },
        {
          title: t('users.drawer.duration'),
          dataIndex: 'durationMs',
          render: (ms: number) => t('dashboard.ms', { value: ms }),
        },
        {
          title: t('users.drawer.outcome'),
          dataIndex: 'outcome',
          render: (o: string) => t(`users.drawer.outcomes.${o}`),
        },
      ]}
    />
  );
}

/**
 * One user: profile, logins, recent analyses, and the admin's actions on the account (ban or
 * unban with a reason, role, nickname reset). Every action is one audited call.
 */
export function UserDrawer({
  userId,
  onClose,
  onChanged,
}: {
  userId: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { message, modal } = App.useApp();
  const { userSections } = useBackOffice();
  const detail = useAdminData(userId, (signal) => adminCall(adminEndpoints.user, { id: userId }, { signal }));
  const [asking, setAsking] = useState<'ban' | 'unban' | null>(null);
  const [error, setError] = useState('');
  const user = detail.data?.user;
  const name = user ? userName(user) : '';
  const titleId = useId();

  /** Runs a change; on success says so (screen and screen reader) and reloads drawer and list. */
  const run = async (change: Change, done: string): Promise<boolean> => {
    setError('');
    try {
      const answer = await change();
      if (!answer.ok) {
        setError(answer.message);
        return false;
      }
      void message.success(done);
      announce(done);
      detail.reload();
      onChanged();
      return true;
    } catch (failure) {
      setError(failureText(failure));
      return false;
    }
  };

  const moderate = async (reason: string) => {
    const banning = asking === 'ban';
    const ok = await run(
      () => adminCall(banning ? adminEndpoints.banUser : adminEndpoints.unbanUser, { userId, reason }),
      t(banning ? 'users.banned' : 'users.unbanned', { name }),
    );
    if (ok) setAsking(null);
  };

  const setRole = (userType: UserType) =>
    void run(
      () => adminCall(adminEndpoints.setUserRole, { userId, userType }),
      t('users.roleChanged', { name, role: t(`users.roleNames.${roleOf(userType)}`) }),
    );

  const resetNickname = () =>
    void modal.confirm({
      title: t('users.resetNickname'),
      content: t('users.resetNicknameConfirm', { name }),
      okText: t('users.confirm'),
      cancelText: t('users.cancel'),
      onOk: () =>
        run(() => adminCall(adminEndpoints.resetNickname, { userId }), t('users.nicknameReset', { name })),
    });

  return (
    <Drawer
      open
      size="large"
      onClose={onClose}
      closable={{ 'aria-label': t('users.drawer.close') }}
      title={<span id={titleId}>{t('users.drawer.title', { name })}</span>}
      aria-labelledby={titleId}
    >
      {detail.error ? <Alert type="error" showIcon title={detail.error} /> : null}
      <div role="alert">{error ? <Alert type="error" showIcon title={error} /> : null}</div>
      {detail.data && user ? (
        <>
          <section aria-labelledby={`${titleId}-profile`} className="admin-drawer__section">
            <h2 id={`${titleId}-profile`}>{t('users.drawer.profile')}</h2>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'id', label: t('users.columns.id'), children: user.id },
                { key: 'phone', label: t('users.columns.phone'), children: user.phoneMasked },
                {
                  key: 'nickname',
                  label: t('users.columns.nickname'),
                  children: user.nickname ?? t('users.noNickname'),
                },
                {
                  key: 'role',
                  label: t('users.columns.role'),
                  children: t(`users.roleNames.${roleOf(user.userType)}`),
                },
                {
                  key: 'speechRate',
                  label: t('users.drawer.speechRate'),
                  children: String(detail.data.speechRate),
                },
                {
                  key: 'createdAt',
                  label: t('users.columns.createdAt'),
                  children: formatTime(user.createdAt),
                },
                {
                  key: 'lastActiveAt',
                  label: t('users.columns.lastActiveAt'),
                  children: formatTime(user.lastActiveAt, t('users.never')),
                },
                { key: 'analyses', label: t('users.columns.analyses'), children: String(user.analyses) },
                {
                  key: 'status',
                  label: t('users.columns.status'),
                  children: (
                    <StatusTag ok={user.status !== 'banned'}>
                      {t(`users.statusNames.${user.status}`)}
                    </StatusTag>
                  ),
                },
                ...(detail.data.banReason
                  ? [
                      {
                        key: 'banReason',
                        label: t('users.drawer.banReason'),
                        children: detail.data.banReason,
                      },
                      {
                        key: 'bannedAt',
                        label: t('users.drawer.bannedAt'),
                        children: formatTime(detail.data.bannedAt),
                      },
                    ]
                  : []),
              ]}
            />
          </section>
          <section aria-labelledby={`${titleId}-actions`} className="admin-drawer__section">
            <h2 id={`${titleId}-actions`}>{t('users.drawer.actions')}</h2>
            <Space wrap>
              {user.status === 'banned' ? (
                <Button onClick={() => setAsking('unban')}>{t('users.unban')}</Button>
              ) : (
                <Button danger onClick={() => setAsking('ban')}>
                  {t('users.ban')}
                </Button>
              )}
              <Select<UserType>
                aria-label={t('users.setRole')}
                style={{ width: 160 }}
                placeholder={t('users.setRole')}
                value={user.userType ?? undefined}
                onChange={setRole}
                options={([0, 1] as const).map((v) => ({
                  value: v,
                  label: t(`users.roleNames.${roleOf(v)}`),
                }))}
              />
              <Button onClick={resetNickname} disabled={user.nickname === null}>
                {t('users.resetNickname')}
              </Button>
            </Space>
          </section>
          {userSections.map((Section, i) => (
            <Suspense key={i} fallback={null}>
              <Section userId={userId} />
            </Suspense>
          ))}
          <section aria-labelledby={`${titleId}-sessions`} className="admin-drawer__section">
            <h2 id={`${titleId}-sessions`}>{t('users.drawer.sessions')}</h2>
            <Sessions detail={detail.data} />
          </section>
          <section aria-labelledby={`${titleId}-recent`} className="admin-drawer__section">
            <h2 id={`${titleId}-recent`}>{t('users.drawer.recent')}</h2>
            <RecentAnalyses detail={detail.data} />
          </section>
        </>
      ) : null}
      {asking ? (
        <ReasonDialog
          title={t(asking === 'ban' ? 'users.banTitle' : 'users.unbanTitle', { name })}
          okText={t('users.confirm')}
          onSubmit={moderate}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </Drawer>
  );
}
