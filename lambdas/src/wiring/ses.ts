import { SesMailer } from '../adapters/ses-mailer';
import { ses } from '../adapters/clients/ses';
import { lambdaEnv } from '../env';
import type { Mailer } from '../core/ports/mailer';

/** The product's own mail through SES v2 (see ../deps.ts for why this is a module of its own). */
export const mailer = (): Mailer =>
  new SesMailer(ses, lambdaEnv().MAIL_FROM, lambdaEnv().MAIL_CONFIGURATION_SET);
