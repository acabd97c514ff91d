export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The product's own mail (one-time links, notices). Cognito sends its own invitations. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
