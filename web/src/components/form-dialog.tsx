import { type ReactNode, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { MessageArea } from './notice-area';

interface FormDialogProps {
  title: string;
  /** The refusal to show above the form (the server's words, a problem not placed on a field), or null. */
  message: string | null;
  submitLabel: string;
  /** What the submit button says while saving ("Please wait…", "Saving…"). */
  busyLabel: string;
  submitVariant?: 'primary' | 'danger' | 'warning';
  saving: boolean;
  /** Submit is offered only when false (e.g. nothing to choose from). */
  submitDisabled?: boolean;
  /** Cancel stays usable while saving (the save goes on; its answer is not waited for). */
  cancelWhileSaving?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  size?: 'lg' | 'xl';
  testId: string;
  /**
   * What the dialog is doing, shown below the form and outside it: the form is `aria-busy` while
   * saving, and a reader may hold back what a busy region says, a status inside it too.
   */
  status?: ReactNode;
  children: ReactNode;
}

/**
 * The console's dialog holding one form (shown while mounted): what it does, its fields, the
 * server's refusal above them, what it is doing below them (`status`), Cancel and the submit button
 * in the footer (Enter submits too). Not closed by a click beside it or by Escape while saving.
 */
export const FormDialog = ({
  title,
  message,
  submitLabel,
  busyLabel,
  submitVariant = 'primary',
  saving,
  submitDisabled = false,
  cancelWhileSaving = false,
  onSubmit,
  onCancel,
  size,
  testId,
  status,
  children,
}: FormDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const formId = useId();
  return (
    <Modal
      show
      onHide={onCancel}
      size={size}
      backdrop={saving ? 'static' : true}
      keyboard={!saving}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <MessageArea message={message} />
        <form
          id={formId}
          noValidate
          className="row g-3"
          aria-busy={saving}
          aria-labelledby={titleId}
          onSubmit={(e) => {
            e.preventDefault();
            if (!saving && !submitDisabled) onSubmit();
          }}
        >
          {children}
        </form>
        {status}
      </Modal.Body>
      <Modal.Footer>
        <Button
          variant="outline-secondary"
          disabled={saving && !cancelWhileSaving}
          onClick={onCancel}
        >
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant={submitVariant}
          disabled={saving || submitDisabled}
        >
          {saving ? busyLabel : submitLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};
