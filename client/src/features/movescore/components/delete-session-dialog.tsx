import type { THistoryItem } from '@movelab/shared';
import { ConfirmDialog } from '@/components/ui/dialogs';
import { useSnackbar } from '@/components/ui/snackbar';
import { errorText } from '@/lib/errors';
import { useDeleteHistoryItem } from '../api/delete-history-item';
import { dateTimeText, itemTitle, type TNames } from '../history';

/**
 * Asks before deleting `item` from the history; says so once it is gone. `onDeleted` runs after
 * the delete (the session's own page leaves for the history), `onClose` whenever it closes.
 */
export function DeleteSessionDialog({
  uid,
  item,
  names,
  onClose,
  onDeleted,
}: {
  uid: string;
  item: THistoryItem | null;
  names: TNames;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const deletion = useDeleteHistoryItem(uid);
  const snackbar = useSnackbar();
  const closeDelete = () => {
    onClose();
    deletion.reset();
  };
  // Awaited rather than mutate's callbacks: the history read again after the delete finds the
  // session gone, its page shows "not found" and this dialog unmounts, which drops those callbacks.
  const confirmDelete = async () => {
    if (!item) return;
    const title = itemTitle(item, names);
    const isDeleted = await deletion.mutateAsync(item).then(
      () => true,
      () => false, // said in the dialog, from the mutation's state
    );
    if (!isDeleted) return;
    closeDelete();
    snackbar.show(`${title} was deleted from your history.`);
    onDeleted?.();
  };
  return (
    <ConfirmDialog
      isOpen={item !== null}
      title="Delete this session?"
      message={
        item
          ? `${itemTitle(item, names)} of ${dateTimeText(item.createdAt)} will be removed from your history, records and charts. This cannot be undone.`
          : ''
      }
      confirmLabel="Delete session"
      isBusy={deletion.isPending}
      error={deletion.isError ? `The session could not be deleted: ${errorText(deletion.error)}` : null}
      onClose={closeDelete}
      onConfirm={() => void confirmDelete()}
    />
  );
}
