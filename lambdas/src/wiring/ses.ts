import { SesMailer } from '../adapters/ses-mailer';
import { sesClient } from '../adapters/clients/ses';
import { lambdaEnv } from '../env';
import type { Mailer } from '../ports/mailer';

/** The product's own mail through SES v2 (see ../deps.ts for why this is a module of its own). */
export const mailer = (): Mailer => new SesMailer(sesClient(), lambdaEnv().MAIL_FROM);
