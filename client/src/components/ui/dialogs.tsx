/** Headless UI dialogs: a confirmation before anything destructive, and a form host. */
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

function Frame({ isOpen, onClose, title, children }: { isOpen: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <Dialog open={isOpen} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-2 sm:items-center sm:p-4">
        <DialogPanel className="flex max-h-[92dvh] w-full max-w-lg flex-col gap-4 overflow-y-auto rounded-xl bg-surface p-5 shadow-xl">
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

export type TConfirm = {
  isOpen: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  isBusy?: boolean;
  /** An error to show inside the dialog (the server's refusal). */
  error?: string | null;
};

/** Asks before a destructive action; Escape and Cancel leave everything as it was. */
export function ConfirmDialog({ isOpen, title, message, confirmLabel, onConfirm, onClose, isBusy = false, error }: TConfirm) {
  return (
    <Frame isOpen={isOpen} onClose={onClose} title={title}>
      <Description as="div" className="text-sm text-muted">
        {message}
      </Description>
      {error ? (
        <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={onConfirm} isLoading={isBusy} className="bg-danger text-background hover:bg-danger/85">
          {confirmLabel}
        </Button>
      </div>
    </Frame>
  );
}

/** Hosts a create or edit form. */
export function FormDialog({ isOpen, onClose, title, children }: { isOpen: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <Frame isOpen={isOpen} onClose={onClose} title={title}>
      {children}
    </Frame>
  );
}

/** The buttons at the bottom of every admin form. */
export function FormActions({ onCancel, submitLabel, isBusy = false }: { onCancel?: () => void; submitLabel: string; isBusy?: boolean }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {onCancel ? (
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" isLoading={isBusy}>
        {submitLabel}
      </Button>
    </div>
  );
}
