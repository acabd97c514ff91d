/**
 * login.html's cover. The login screen prerendered into login.html (web/vite.config.ts) is the
 * English one, for nobody signed in: what React takes over as it is for most visitors of "/".
 * Whoever chose German or Turkish earlier (lib/i18n.ts) or is signed in (the agent-session
 * marker, lib/session.ts) gets another screen once the app runs (main.tsx). For them, login.html's
 * boot script sets this attribute on <html> before the app's scripts are fetched, and the page's
 * inline style then hides what #root holds behind a spinner, as index.html's loader did; the app
 * removes it once React has rendered into #root (uncoverLogin).
 */
export const LOGIN_COVER_ATTRIBUTE = 'data-login-cover';

/**
 * Whether the prerendered login screen is not what this browser will show: a language other than
 * English is remembered, or an agent session is present. Self-contained (no imports, no names from
 * outside its body): web/vite.config.ts copies its source into the boot script, which runs before
 * any of the app. The storage keys and languages are those of lib/i18n.ts and lib/session.ts (its
 * test holds them together). Storage that cannot be read covers nothing: the app then starts in
 * English, signed out, which is what the page shows.
 */
export const coversLogin = (): boolean => {
  try {
    const language = localStorage.getItem('ccsc.language');
    return (
      language === 'de' || language === 'tr' || localStorage.getItem('ccsc.agentSession') === 'true'
    );
  } catch {
    return false;
  }
};

/** Takes the cover away (a no-op where there is none): React has rendered into #root. */
export const uncoverLogin = (): void => {
  document.documentElement.removeAttribute(LOGIN_COVER_ATTRIBUTE);
};

/**
 * The inline style that goes with the attribute (login.html's <head>; style-src allows inline
 * styles): #root's content hidden (important: Bootstrap's display utilities are), a spinner in the
 * page's middle (Bootstrap's primary colour).
 */
export const LOGIN_COVER_STYLE =
  `html[${LOGIN_COVER_ATTRIBUTE}] #root>*{display:none!important}` +
  `html[${LOGIN_COVER_ATTRIBUTE}] body::after{content:"";position:fixed;top:50%;left:50%;` +
  `width:2rem;height:2rem;margin:-1rem 0 0 -1rem;border:.25em solid #0d6efd;` +
  `border-right-color:transparent;border-radius:50%;animation:login-cover .75s linear infinite}` +
  `@keyframes login-cover{to{transform:rotate(360deg)}}`;
