import { useCallback, useMemo, useState } from 'react';
import { MESSAGES, NOTIFICATION_TYPE, notificationTypeLabel, type NotificationResponse } from '@planpiso/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DateRange } from '../../components/date-range';
import { FilterBar } from '../../components/filter-bar';
import { SelectField } from '../../components/form/select-field';
import { PagedGrid } from '../../components/paged-grid';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useUrlListState } from '../../components/use-url-list-state';
import { useSession } from '../../lib/session';
import { NOTIFICATION_LIST, useNotifications } from './api/get-notifications';
import { useUpdateNotification } from './api/update-notification';
import { notificationColumns } from './notification-columns';
import { NotificationViewDialog } from './notification-view-dialog';
import { gridQuery } from '../../lib/server-list';

const TYPE_OPTIONS = Object.values(NOTIFICATION_TYPE).map((t) => ({
  value: String(t),
  label: notificationTypeLabel(t),
}));

/** /notificaciones (spec 1 §2.9): the caller's notifications, newest first; viewing one marks it read. */
export function NotificationListPage() {
  const userId = useSession()?.user.id;
  return userId === undefined ? null : <NotificationList userId={userId} />;
}

function NotificationList({ userId }: { userId: number }) {
  const list = useUrlListState(NOTIFICATION_LIST);
  const notifications = useNotifications(userId, list.query);
  const update = useUpdateNotification(userId);
  const [viewing, setViewing] = useState<NotificationResponse | null>(null);
  const [deleting, setDeleting] = useState<NotificationResponse | null>(null);
  const [result, setResult] = useState<ActionResult | null>(null);
  const { mutate } = update;

  const onView = useCallback(
    (notification: NotificationResponse) => {
      setViewing(notification);
      // Marking read is a side effect of opening it; a failure only leaves the dot on.
      if (!notification.isReaded) mutate({ id: notification.id, action: 'read' });
    },
    [mutate],
  );
  const onDelete = useCallback((notification: NotificationResponse) => setDeleting(notification), []);
  const columns = useMemo(() => notificationColumns({ onView, onDelete }), [onView, onDelete]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await update.mutateAsync({ id: deleting.id, action: 'delete' });
      setResult({ ok: true, message: answer.message });
    } catch (error) {
      setResult(errorResult(error));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        {(control) => (
          <>
            <SelectField
              control={control}
              name="type"
              label="Tipo"
              size="small"
              emptyLabel={MESSAGES.selectNotificationType}
              options={TYPE_OPTIONS}
            />
            <DateRange control={control} from="from" to="to" />
          </>
        )}
      </FilterBar>
      <PagedGrid label="Notificaciones" columns={columns} {...gridQuery(notifications)} list={list} />
      <NotificationViewDialog notification={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        message={MESSAGES.confirmDeleteNotification}
        busy={update.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <ResultDialog result={result} onAccept={() => setResult(null)} />
    </>
  );
}
