import { DynamoOutbox } from '../adapters/dynamodb-outbox';
import { dynamodb } from '../adapters/clients/dynamodb';
import { lambdaLogger } from '../core/logger';
import { MailOutbox } from '../core/outbox';
import { lambdaEnv } from '../env';
import {
  composeLinkMail,
  CREDENTIAL_LINK_MAIL,
  type LinkMailDeps,
} from '../credentials/credential-writes';
import { systemClock } from '../core/ports/clock';
import { DynamoCredentialStore } from '../adapters/dynamodb-credentials';
import { mailer } from './ses';

/**
 * The mail outbox (core/outbox.ts) in the main table, with every kind of queued mail it can
 * compose: plain mails, and credentials' links (composed when sent: their token is a secret).
 */
export const mailOutbox = (): MailOutbox<LinkMailDeps> =>
  new MailOutbox<LinkMailDeps>(
    {
      outbox: new DynamoOutbox(dynamodb, lambdaEnv().MAIN_TABLE),
      mailer: mailer(),
      clock: systemClock,
      logger: lambdaLogger,
    },
    { [CREDENTIAL_LINK_MAIL]: composeLinkMail },
    {
      credentials: new DynamoCredentialStore(dynamodb, lambdaEnv().MAIN_TABLE),
      clock: systemClock,
    },
  );
