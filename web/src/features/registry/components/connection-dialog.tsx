import type { Connection } from '@ccsc/contract';
import type { ConnectionAction, RegistryActor } from '@ccsc/contract/registry-access';
import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { MessageArea } from '../../../components/notice-area';
import { useConnectionStep } from '../hooks/use-connection-step';
import { connectionActions } from '../utils/connection-steps';
import { ConnectionDetails } from './connection-details';
import { ConnectionStepForm } from './connection-step-form';

interface ConnectionDialogProps {
  connection: Connection;
  actor: RegistryActor;
  /** Open with this action's form (e.g. Accept from the pending invitations). */
  initialAction?: ConnectionAction | null;
  onClose: () => void;
  /** The step was taken: the connection as it is now. */
  onStepped: (connection: Connection, action: ConnectionAction) => void;
  /** A 409: whether someone changed the connection meanwhile (the screen then says so). */
  wasStale: (connection: Connection) => Promise<boolean>;
}

/**
 * One connection: who exchanges what for which study, its whole history (who, for which side,
 * when, why) and the steps the caller may take now. Ending asks for confirmation: it is final.
 */
export const ConnectionDialog = ({
  connection,
  actor,
  initialAction = null,
  onClose,
  onStepped,
  wasStale,
}: ConnectionDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const allowed = connectionActions(actor, connection);
  const step = useConnectionStep({
    connection,
    initialAction: initialAction !== null && allowed.includes(initialAction) ? initialAction : null,
    onStepped,
    wasStale,
  });
  const { action, saving } = step;

  return (
    <Modal
      show
      onHide={onClose}
      size="lg"
      backdrop={saving ? 'static' : true}
      keyboard={!saving}
      aria-labelledby={titleId}
      data-testid="connection-dialog"
    >
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('registry.connections.dialogTitle', {
            protocol: connection.protocolNumber,
            site: connection.siteName,
            number: connection.siteNumber,
          })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ConnectionDetails connection={connection} />

        <MessageArea message={step.message} />

        {action === null ? (
          allowed.length > 0 && (
            <div
              className="d-flex flex-wrap gap-2"
              role="group"
              aria-label={t('registry.connections.actions')}
            >
              {allowed.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`btn ${a === 'end' || a === 'decline' ? 'btn-outline-danger' : 'btn-outline-primary'}`}
                  onClick={() => {
                    step.choose(a);
                  }}
                >
                  {t(`registry.connections.steps.${a}`)}
                </button>
              ))}
            </div>
          )
        ) : (
          <ConnectionStepForm connection={connection} action={action} step={step} />
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('common.close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
};
