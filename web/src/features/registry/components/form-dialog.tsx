import { type ReactNode, useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

interface FormDialogProps {
  show: boolean;
  title: string;
  /** The form's message (a refusal not placed on a field), or null. */
  message: string | null;
  submitLabel: string;
  saving: boolean;
  /** Submit is offered only when false (e.g. nothing to choose from). */
  submitDisabled?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  size?: 'lg' | 'xl';
  testId?: string;
  children: ReactNode;
}

/**
 * A dialog holding one form: its fields, a message above them, Cancel and the submit button in
 * the footer (submitting with Enter too). Not closed by a click beside it while saving.
 */
export const FormDialog = ({
  show,
  title,
  message,
  submitLabel,
  saving,
  submitDisabled = false,
  onSubmit,
  onCancel,
  size = 'lg',
  testId,
  children,
}: FormDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const formId = useId();
  return (
    <Modal
      show={show}
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
        <div aria-live="polite">
          {message && (
            <div className="alert alert-danger" role="alert">
              {message}
            </div>
          )}
        </div>
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
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          form={formId}
          className="btn btn-primary"
          disabled={saving || submitDisabled}
        >
          {saving ? t('registry.saving') : submitLabel}
        </button>
      </Modal.Footer>
    </Modal>
  );
};
