import * as z from 'zod';
import { cognitoError, USER_MESSAGES } from './errors';
import type { FidelityTarget } from './fidelity-target';
import {
  decodeToken,
  encodeToken,
  firstAfter,
  pageSize,
  paginationKey,
  queryLimit,
} from './paging';
import { fields, parseRequest } from './request';
import { findUser } from './user-records';

const authEventsTokenSchema = z.object({
  pool: z.string(),
  user: z.string(),
  after: z.string(),
  at: z.number(),
});

/**
 * AdminListUserAuthEvents: the user's recorded events, newest first, MaxResults (0..60; 0 or
 * absent means 60) per page. Only in a pool with threat protection (AdvancedSecurityMode AUDIT
 * or ENFORCED); no risk is ever detected here.
 */
export const AdminListUserAuthEvents: FidelityTarget =
  (services, fidelity) => async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: fields.userPoolId,
        Username: fields.username,
        MaxResults: queryLimit,
        NextToken: paginationKey.optional(),
      }),
      body,
    );
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const mode = pool.options.UserPoolAddOns?.AdvancedSecurityMode;
    if (mode === undefined || mode === 'OFF') {
      throw cognitoError('UserPoolAddOnNotEnabledException', USER_MESSAGES.addOnNotEnabled);
    }
    const user = await findUser(ctx, pool, req.Username);
    const stored = (await fidelity.store.read(req.UserPoolId)).authEvents[user.Username] ?? [];
    // Recorded oldest first; a stable sort keeps the recording order among equal times.
    const events = stored
      .map((event, index) => ({ event, index }))
      .sort((a, b) => b.event.CreatedAt - a.event.CreatedAt || b.index - a.index)
      .map(({ event }) => event);
    let start = 0;
    if (req.NextToken !== undefined) {
      const token = decodeToken(
        req.NextToken,
        authEventsTokenSchema,
        (t) => t.pool === req.UserPoolId && t.user === user.Username,
      );
      const found = events.findIndex((e) => e.EventId === token.after);
      start = found === -1 ? firstAfter(events, (e) => e.CreatedAt < token.at) : found + 1;
    }
    const limit = pageSize(req.MaxResults);
    const page = events.slice(start, start + limit);
    const last = page.at(-1);
    const more = start + limit < events.length && last !== undefined;
    return {
      AuthEvents: page.map((e) => ({
        EventId: e.EventId,
        EventType: e.EventType,
        // cognito-local's server writes Dates as epoch seconds, as Cognito does.
        CreationDate: new Date(e.CreatedAt),
        EventResponse: e.EventResponse,
        EventRisk: { RiskDecision: 'NoRisk', CompromisedCredentialsDetected: false },
        ChallengeResponses: e.ChallengeResponses,
        EventContextData: e.EventContextData,
      })),
      ...(more
        ? {
            NextToken: encodeToken({
              pool: req.UserPoolId,
              user: user.Username,
              after: last.EventId,
              at: last.CreatedAt,
            }),
          }
        : {}),
    };
  };
