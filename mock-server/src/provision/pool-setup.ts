import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminListGroupsForUserCommand,
  CreateGroupCommand,
  CreateResourceServerCommand,
  DescribeResourceServerCommand,
  ListGroupsCommand,
  ListUsersCommand,
  ResourceNotFoundException,
  type ResourceServerType,
  UpdateResourceServerCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  API_RESOURCE_SERVER_ID,
  API_RESOURCE_SERVER_NAME,
  API_SCOPES,
} from '@ccsc/contract/partner-api';

/**
 * What the pool holds besides its client: the role groups, the partner API's resource server
 * with the contract's scopes, and the bootstrap administrator.
 */

/** The role groups, one per administrator role (lambdas/src/contract/roles.ts). */
export const ROLE_GROUPS = [
  {
    GroupName: 'PlatformAdmin',
    Description: 'Platform administrators: every organisation, user and API credential.',
    Precedence: 1,
  },
  {
    GroupName: 'OrgAdmin',
    Description: 'Organisation administrators: the users and systems of their own organisation.',
    Precedence: 2,
  },
  {
    GroupName: 'Auditor',
    Description: 'Auditors: read-only access, including the audit trail.',
    Precedence: 3,
  },
] as const;

export const ensureGroups = async (cognito: CognitoIdentityProviderClient, pool: string) => {
  const existing = await cognito.send(new ListGroupsCommand({ UserPoolId: pool }));
  const have = new Set(existing.Groups?.map((g) => g.GroupName));
  const missing = ROLE_GROUPS.filter((g) => !have.has(g.GroupName));
  // One at a time: cognito-local rewrites the whole pool file on every change.
  for (const group of missing) {
    await cognito.send(new CreateGroupCommand({ UserPoolId: pool, ...group }));
  }
  return missing.map((g) => g.GroupName);
};

/** The partner API's resource server as the contract declares it (infra's is the same). */
export const partnerResourceServer = () => ({
  Identifier: API_RESOURCE_SERVER_ID,
  Name: API_RESOURCE_SERVER_NAME,
  Scopes: API_SCOPES.map((s) => ({ ScopeName: s.name, ScopeDescription: s.description })),
});

/**
 * The partner API's resource server, with the contract's scopes: created when missing, updated
 * when a data folder made before a scope was added (or reworded) has another, else left alone.
 * An update replaces the scope list; an app client keeps the scopes it was allowed, and one no
 * longer defined simply cannot be granted at the token endpoint.
 */
export const ensureResourceServer = async (
  cognito: CognitoIdentityProviderClient,
  pool: string,
): Promise<'created' | 'updated' | 'unchanged'> => {
  const wanted = { UserPoolId: pool, ...partnerResourceServer() };
  let found: ResourceServerType | undefined;
  try {
    found = (
      await cognito.send(
        new DescribeResourceServerCommand({ UserPoolId: pool, Identifier: wanted.Identifier }),
      )
    ).ResourceServer;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  if (found === undefined) {
    await cognito.send(new CreateResourceServerCommand(wanted));
    return 'created';
  }
  const same =
    found.Name === wanted.Name &&
    JSON.stringify(
      (found.Scopes ?? []).map((s) => ({
        ScopeName: s.ScopeName,
        ScopeDescription: s.ScopeDescription,
      })),
    ) === JSON.stringify(wanted.Scopes);
  if (same) return 'unchanged';
  await cognito.send(new UpdateResourceServerCommand(wanted));
  return 'updated';
};

/**
 * Invites the bootstrap administrator (the e-mail carries the temporary password) if absent, and
 * puts them in the PlatformAdmin group (the role is the group alone). A start cut short between
 * the two leaves an invited user in no role group: the next start finds them and gives the group;
 * one who has signed in, or has a role group, is left alone.
 */
export const ensureBootstrapAdmin = async (
  cognito: CognitoIdentityProviderClient,
  pool: string,
  email: string,
) => {
  const found = await cognito.send(
    new ListUsersCommand({ UserPoolId: pool, Filter: `email = "${email}"`, Limit: 1 }),
  );
  const first = found.Users?.[0];
  const existing = first?.Username;
  if (existing !== undefined) {
    // Only an invitation never taken up is provisioning's own to repair: a user who has signed
    // in and is in no group now may be half-way through a change the console will finish.
    if (first?.UserStatus !== 'FORCE_CHANGE_PASSWORD') return false;
    const groups = await cognito.send(
      new AdminListGroupsForUserCommand({ UserPoolId: pool, Username: existing }),
    );
    if ((groups.Groups ?? []).length === 0) {
      await cognito.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: pool,
          Username: existing,
          GroupName: 'PlatformAdmin',
        }),
      );
    }
    return false;
  }
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: pool,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    }),
  );
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: pool,
      Username: created.User?.Username ?? email,
      GroupName: 'PlatformAdmin',
    }),
  );
  return true;
};
