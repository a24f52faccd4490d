import { Confirm } from 'react-admin';

/**
 * The confirmation before a save (spec section 8): open while `pending` holds the values to save,
 * titled with their name; confirming closes it and saves them.
 */
export function ConfirmSave<T extends { nome?: string }>({
  pending,
  saving,
  title,
  content,
  confirm,
  onSave,
  onClose,
}: {
  pending: T | null;
  saving: boolean;
  title: string;
  content: string;
  confirm: string;
  onSave: (values: T) => unknown;
  onClose: () => void;
}) {
  return (
    <Confirm
      isOpen={pending !== null}
      loading={saving}
      title={title}
      titleTranslateOptions={{ nome: pending?.nome ?? '' }}
      content={content}
      confirm={confirm}
      onConfirm={() => {
        const values = pending!;
        onClose();
        void onSave(values);
      }}
      onClose={onClose}
    />
  );
}
