import { GroupNotFoundError } from 'cognito-local/lib/errors.js';
import type { Group } from 'cognito-local/lib/services/userPoolService.js';
import {
  groupToResponseObject,
  userToResponseObject,
} from 'cognito-local/lib/targets/responses.js';
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
import { compareStrings, findUser } from './user-records';

/** Groups: a user's groups, a group's members, and creating a group. */

const groupsTokenSchema = z.object({ pool: z.string(), user: z.string(), after: z.string() });

/**
 * AdminListGroupsForUser: the groups of the user the Username names (an alias too: cognito-local
 * compares the raw request name with the members, so an address found nothing), in group-name
 * order, paged by Limit and NextToken.
 */
export const AdminListGroupsForUser: FidelityTarget =
  ({ cognito }) =>
  async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: fields.userPoolId,
        Username: fields.username,
        Limit: queryLimit,
        NextToken: paginationKey.optional(),
      }),
      body,
    );
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await findUser(ctx, pool, req.Username);
    const groups = (await pool.listGroups(ctx))
      .filter((g) => g.members?.includes(user.Username))
      .sort((a, b) => compareStrings(a.GroupName, b.GroupName));
    let start = 0;
    if (req.NextToken !== undefined) {
      const { after } = decodeToken(
        req.NextToken,
        groupsTokenSchema,
        (t) => t.pool === req.UserPoolId && t.user === user.Username,
      );
      start = firstAfter(groups, (g) => g.GroupName > after);
    }
    const limit = pageSize(req.Limit);
    const page = groups.slice(start, start + limit);
    const last = page.at(-1);
    const more = start + limit < groups.length && last !== undefined;
    return {
      Groups: page.map(groupToResponseObject(req.UserPoolId)),
      ...(more
        ? {
            NextToken: encodeToken({
              pool: req.UserPoolId,
              user: user.Username,
              after: last.GroupName,
            }),
          }
        : {}),
    };
  };

const groupMembersTokenSchema = z.object({
  pool: z.string(),
  group: z.string(),
  after: z.string(),
});

/**
 * ListUsersInGroup: the group's members in username order, paged by Limit (0..60; 0 or absent
 * means 60) and NextToken, as Cognito pages it (cognito-local answers every member at once, and
 * a 500 for a member it cannot find). An unknown group is ResourceNotFoundException.
 */
export const ListUsersInGroup: FidelityTarget =
  ({ cognito }) =>
  async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: fields.userPoolId,
        GroupName: z.string().min(1).max(128),
        Limit: queryLimit,
        NextToken: paginationKey.optional(),
      }),
      body,
    );
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const group = await pool.getGroupByGroupName(ctx, req.GroupName);
    if (!group) throw new GroupNotFoundError();
    const members = new Set(group.members ?? []);
    const users = (await pool.listUsers(ctx))
      .filter((u) => members.has(u.Username))
      .sort((a, b) => compareStrings(a.Username, b.Username));
    let start = 0;
    if (req.NextToken !== undefined) {
      const { after } = decodeToken(
        req.NextToken,
        groupMembersTokenSchema,
        (t) => t.pool === req.UserPoolId && t.group === req.GroupName,
      );
      start = firstAfter(users, (u) => u.Username > after);
    }
    const limit = pageSize(req.Limit);
    const page = users.slice(start, start + limit);
    const last = page.at(-1);
    const more = start + limit < users.length && last !== undefined;
    return {
      Users: page.map((u) => userToResponseObject(u)),
      ...(more
        ? {
            NextToken: encodeToken({
              pool: req.UserPoolId,
              group: req.GroupName,
              after: last.Username,
            }),
          }
        : {}),
    };
  };

/** The AWS model's ArnType pattern. */
const ARN =
  /^arn:[\w+=/,.@-]+:[\w+=/,.@-]+:([\w+=/,.@-]*)?:[0-9]+:[\w+=/,.@-]+(:[\w+=/,.@-]+)?(:[\w+=/,.@-]+)?$/;

/** CreateGroup: as cognito-local, but an existing name is GroupExistsException, not replaced. */
export const CreateGroup: FidelityTarget =
  ({ cognito, clock }) =>
  async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        GroupName: z
          .string()
          .min(1)
          .max(128)
          .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u),
        UserPoolId: fields.userPoolId,
        Description: z.string().max(2048).optional(),
        RoleArn: z.string().min(20).max(2048).regex(ARN).optional(),
        Precedence: z.number().int().min(0).optional(),
      }),
      body,
    );
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    // cognito-local's getGroupByGroupName throws in a pool that never had a group.
    if ((await pool.listGroups(ctx)).some((g) => g.GroupName === req.GroupName)) {
      throw cognitoError('GroupExistsException', USER_MESSAGES.groupExists);
    }
    const now = clock.get();
    const group: Group = {
      GroupName: req.GroupName,
      CreationDate: now,
      LastModifiedDate: now,
      ...(req.Description === undefined ? {} : { Description: req.Description }),
      ...(req.RoleArn === undefined ? {} : { RoleArn: req.RoleArn }),
      ...(req.Precedence === undefined ? {} : { Precedence: req.Precedence }),
    };
    await pool.saveGroup(ctx, group);
    return { Group: groupToResponseObject(req.UserPoolId)(group) };
  };

/** Group targets: ours where cognito-local lacks them or answers differently. */
export const groupTargets: Readonly<Record<string, FidelityTarget>> = {
  AdminListGroupsForUser,
  ListUsersInGroup,
  CreateGroup,
};
