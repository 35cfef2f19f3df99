import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text.ts';
import { notify } from '../lib/notifications.ts';

interface DialogProps {
  /** the id of the heading that names the dialog */
  labelledBy: string;
  testId: string;
  wide?: boolean;
  onClose(): void;
  children: ReactNode;
}

/** For a button inside a dialog: closes it the way Escape does, so `onClose` runs. */
export const closeDialog = (e: MouseEvent<HTMLElement>) => e.currentTarget.closest('dialog')?.close();

/** A native modal <dialog>, open while mounted: Escape and `close` end it through `onClose`. */
export function Dialog({ labelledBy, testId, wide, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => ref.current?.showModal(), []);
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      onClose={onClose}
      aria-labelledby={labelledBy}
      data-testid={testId}
    >
      {children}
    </dialog>
  );
}

interface FormDialogProps {
  title: ReactNode;
  /** names the dialog's test ids: `${name}-dialog`, `${name}-title`, `${name}-error`, `${name}-submit` */
  name: string;
  onClose(): void;
  onSubmit(): void;
  /** what went wrong: a refused field or the server's answer, shown above the buttons */
  error: string | null | undefined;
  submitLabel: string;
  /** while the call runs: the submit button is disabled and says so */
  busy?: boolean;
  busyLabel?: string;
  /** leave checking to the dialog's own code (the browser's messages are not translated) */
  noValidate?: boolean;
  wide?: boolean;
  /** the submit button destroys something (deletes, clears): it is drawn as a danger button */
  danger?: boolean;
  /** beside the title (a balance, a hint) */
  aside?: ReactNode;
  /** after the buttons (a link elsewhere) */
  actions?: ReactNode;
  children: ReactNode;
}

/** A dialog holding one form: title, fields, the error, Cancel and the submit button. */
export function FormDialog({ title, name, onSubmit, error, submitLabel, busy, busyLabel, ...rest }: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog labelledBy={`${name}-title`} testId={`${name}-dialog`} wide={rest.wide} onClose={rest.onClose}>
      <form
        className="form"
        noValidate={rest.noValidate ?? true}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {rest.aside ? (
          <div className="dialog-head">
            <h2 id={`${name}-title`}>{title}</h2>
            {rest.aside}
          </div>
        ) : (
          <h2 id={`${name}-title`}>{title}</h2>
        )}
        {rest.children}
        {error && (
          <p className="form-error" role="alert" data-testid={`${name}-error`}>
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="button" className="button button-outline" onClick={closeDialog}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={rest.danger ? 'button button-danger' : 'button'}
            disabled={busy}
            data-testid={`${name}-submit`}
          >
            {busy && busyLabel ? busyLabel : submitLabel}
          </button>
          {rest.actions}
        </div>
      </form>
    </Dialog>
  );
}

interface ConfirmDialogProps {
  title: ReactNode;
  /** names the test ids, as FormDialog's */
  name: string;
  onClose(): void;
  confirmLabel: string;
  /** the destructive call, started on confirm; a refusal shows in the dialog, which stays open */
  confirm(): Promise<unknown>;
  /** the mutation behind `confirm`: its error and whether it runs */
  mutation: { error: unknown; isPending: boolean };
  /** the toast once it is done */
  doneText: string;
  /** what follows success (the dialog closes unless told otherwise) */
  onDone?(): void;
  children: ReactNode;
}

/** Asks before something is deleted or cleared: a danger button, the server's refusal in place, a toast when done. */
export function ConfirmDialog({ confirm, mutation, doneText, onDone, confirmLabel, ...rest }: ConfirmDialogProps) {
  return (
    <FormDialog
      {...rest}
      // What the dialog confirms may leave the page before the call settles (a deleted comment leaves
      // its list): the toast follows the promise, not the component's mutation callbacks.
      onSubmit={() =>
        void confirm()
          .then(() => {
            notify('success', doneText);
            (onDone ?? rest.onClose)();
          })
          .catch(() => undefined)
      }
      error={mutation.error ? errorText(mutation.error) : null}
      submitLabel={confirmLabel}
      busy={mutation.isPending}
      danger
    />
  );
}
