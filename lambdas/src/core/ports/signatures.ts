/**
 * The check of an electronic signature's components (21 CFR 11.200(a)): the signer's own password
 * and a fresh code of their authenticator app, checked by the identity provider (Cognito), never
 * by us. `no-authenticator`: the password is right but the account has no authenticator enrolled,
 * so it cannot sign. `locked`: too many wrong attempts (Cognito's own limit).
 */
export type SignatureCheck = 'verified' | 'wrong' | 'no-authenticator' | 'locked';

export interface SignatureVerifier {
  verify(userName: string, password: string, code: string): Promise<SignatureCheck>;
}
