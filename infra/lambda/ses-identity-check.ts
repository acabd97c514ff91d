import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * A CloudFormation custom resource that runs before the user pool is given SES as its sender
 * (infra/lib/constructs/mail.ts): it asks SES whether the identity the environment names
 * (`mail.verifiedIdentity`) exists in this account and region and is verified for sending, and
 * fails the deployment with a message that says what to do when it is not. Without it, Cognito
 * refuses the pool update with a terse error, or — worse — accepts it and every invitation
 * bounces. It reads nothing else and changes nothing.
 *
 * It speaks CloudFormation's custom-resource protocol itself (no provider framework): the answer
 * is a PUT of a JSON document to the presigned ResponseURL of the event.
 */

export interface CheckEvent {
  readonly RequestType: 'Create' | 'Update' | 'Delete';
  readonly ResponseURL: string;
  readonly StackId: string;
  readonly RequestId: string;
  readonly LogicalResourceId: string;
  readonly PhysicalResourceId?: string;
  readonly ResourceProperties: {
    readonly Identity: string;
    readonly From: string;
    readonly Region: string;
  };
}

export interface Verdict {
  readonly ok: boolean;
  readonly reason: string;
}

/** What SES answered about the identity: its sending status, or that it does not exist. */
export type IdentityLookup =
  | { readonly found: true; readonly verifiedForSending: boolean; readonly status: string }
  | { readonly found: false };

/** The verdict on one lookup, with the message CloudFormation shows when it fails. */
export const verdictOf = (
  lookup: IdentityLookup,
  props: CheckEvent['ResourceProperties'],
): Verdict => {
  const { Identity: identity, From: from, Region: region } = props;
  const fallback =
    'or remove mail.verifiedIdentity from the environment so that Cognito keeps its own sender ' +
    '(infra/README.md, "Mail and the SES sandbox").';
  if (!lookup.found) {
    return {
      ok: false,
      reason:
        `mail.verifiedIdentity names the SES identity "${identity}", which is not configured in ` +
        `${region} of this account. Create it (SES console > Identities > Create identity, or ` +
        `aws sesv2 create-email-identity --email-identity ${identity} --region ${region}), ` +
        `verify it (DNS records for a domain, the link mailed to an address), then deploy again; ` +
        fallback,
    };
  }
  if (!lookup.verifiedForSending) {
    return {
      ok: false,
      reason:
        `The SES identity "${identity}" exists in ${region} but is not verified for sending ` +
        `(status ${lookup.status}), so Cognito could not send from ${from}. Finish its ` +
        `verification (publish the DNS records SES shows for a domain, click the link mailed to ` +
        `an address), then deploy again; ${fallback}`,
    };
  }
  return { ok: true, reason: `SES identity ${identity} is verified for sending in ${region}.` };
};

/** GetEmailIdentity: its sending status, or that SES has no such identity here. */
export const lookUp = async (identity: string, region: string): Promise<IdentityLookup> => {
  const { SESv2Client, GetEmailIdentityCommand } = await import('@aws-sdk/client-sesv2');
  try {
    const client = new SESv2Client({
      region,
      maxAttempts: 3,
      // CloudFormation waits for the answer: a hung connection must not hold the deployment.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 10_000 },
    });
    const out = await client.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
    return {
      found: true,
      verifiedForSending: out.VerifiedForSendingStatus === true,
      status: out.VerificationStatus ?? 'unknown',
    };
  } catch (err) {
    if (err instanceof Error && err.name === 'NotFoundException') return { found: false };
    throw err;
  }
};

/** PUT the answer to CloudFormation's presigned URL, as its cfn-response module does. */
export const respond = (event: CheckEvent, verdict: Verdict): Promise<void> => {
  const body = JSON.stringify({
    Status: verdict.ok ? 'SUCCESS' : 'FAILED',
    // CloudFormation shows at most 4 KB of it.
    Reason: verdict.reason.slice(0, 3900),
    PhysicalResourceId:
      event.PhysicalResourceId ?? `ses-identity-check-${event.ResourceProperties.Identity}`,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  });
  // CloudFormation's URL is https; the tests answer on a local http server.
  const request = event.ResponseURL.startsWith('http:') ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      event.ResponseURL,
      {
        method: 'PUT',
        // The URL is signed without a content type: send none.
        headers: { 'content-type': '', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          resolve();
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
};

export const handler = async (event: CheckEvent): Promise<void> => {
  let verdict: Verdict;
  if (event.RequestType === 'Delete') {
    verdict = { ok: true, reason: 'Nothing to undo: the check changes nothing.' };
  } else {
    try {
      verdict = verdictOf(
        await lookUp(event.ResourceProperties.Identity, event.ResourceProperties.Region),
        event.ResourceProperties,
      );
    } catch (err) {
      verdict = {
        ok: false,
        reason: `Could not ask SES about "${event.ResourceProperties.Identity}": ${
          err instanceof Error ? `${err.name}: ${err.message}` : String(err)
        }`,
      };
    }
  }
  console.log(JSON.stringify({ level: verdict.ok ? 'INFO' : 'ERROR', message: verdict.reason }));
  await respond(event, verdict);
};
