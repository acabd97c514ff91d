/** What the create and edit screens hand the list after a save (router state), to say so. */
export interface SavedState {
  saved?: boolean;
  /** The e-mail address changed: the user has to confirm the new one. */
  emailChanged?: boolean;
}
