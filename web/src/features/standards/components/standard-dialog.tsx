import { type ReactNode, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

interface StandardDialogProps {
  title: string;
  /** The refusal to show above the form (the server's words), or null. */
  message: string | null;
  submitLabel: string;
  submitVariant?: 'primary' | 'danger' | 'warning';
  saving: boolean;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  size?: 'lg' | 'xl';
  testId: string;
  children: ReactNode;
}

/**
 * A standard's step in a dialog (the console's dialog pattern: see the credential and registry
 * dialogs): what it does, its fields, the server's refusal above them, Cancel and the step's
 * button (Enter submits too). Not closed beside it or by Escape while saving.
 */
export const StandardDialog = ({
  title,
  message,
  submitLabel,
  submitVariant = 'primary',
  saving,
  submitDisabled = false,
  onSubmit,
  onCancel,
  size,
  testId,
  children,
}: StandardDialogProps) => {
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
        <Button variant="outline-secondary" disabled={saving} onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant={submitVariant}
          disabled={saving || submitDisabled}
        >
          {saving ? t('standards.working') : submitLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};
