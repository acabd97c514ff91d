import { type Connection, identifierSchema } from '@ccsc/contract';
import { connectionStep } from '@ccsc/contract/organisation-schemas';
import {
  type ConnectionAction,
  mayStep,
  type RegistryActor,
  stepFits,
} from '@ccsc/contract/registry-access';

const ACTIONS: readonly ConnectionAction[] = ['accept', 'decline', 'suspend', 'resume', 'end'];

/** Each step's operation. */
export const STEP_OPERATION = {
  accept: 'accept-connection',
  decline: 'decline-connection',
  suspend: 'suspend-connection',
  resume: 'resume-connection',
  end: 'end-connection',
} as const;

/** The steps that take a reason (optional, kept in the history). */
export const WITH_REASON: readonly ConnectionAction[] = ['decline', 'suspend', 'end'];

/** The actions the caller may take on the connection as it stands (the registry's rule). */
export const connectionActions = (
  actor: RegistryActor,
  connection: Connection,
): ConnectionAction[] =>
  ACTIONS.filter((a) => mayStep(actor, a, connection) && stepFits(a, connection.status));

/** A step's form as the person fills it in: the site's system (Accept) and the reason. */
export interface StepFormValues {
  siteSystemId: string;
  reason: string;
}

/** The server's own rules for what the person fills in: a step's reason (connectionStep)… */
export const reasonFormSchema = connectionStep.pick({ reason: true });
/** …and, to accept, the site's system (accept-connection's `siteSystemId`). */
export const acceptFormSchema = reasonFormSchema.extend({ siteSystemId: identifierSchema });
