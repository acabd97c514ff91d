import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppModal } from '../components/app-modal';
import { IdleTimer, warningLeadMs } from '../lib/idle-timer';
import { logout, logoutForIdle } from '../lib/logout';
import { SESSION_KEYS } from '../lib/session';
import { getSessionChannel } from '../lib/session-channel';
import { onSessionEnd, sessionEndPath, sessionTimeOutPath } from '../lib/session-end';

/** SPEC §4: what restarts the countdown, besides the page's load. */
const ACTIVITY_EVENTS = ['click', 'scroll', 'keydown'] as const;
/** Activity is taken (and told to the other tabs) at most this often; scrolling fires a lot. */
export const ACTIVITY_THROTTLE_MS = 1000;
/**
 * When another tab clears the session without saying why (it always says why, unless it runs
 * other code), this tab still leaves; the wait lets the tab's own message arrive first.
 */
const UNANNOUNCED_END_WAIT_MS = 500;

const formatRemaining = (ms: number): string => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The time left until `deadline`, m:ss, ticking every second. */
const Countdown = ({ deadline }: { deadline: number }) => {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(tick);
    };
  }, []);
  return <p className="mb-0">{t('idle.body', { time: formatRemaining(deadline - now) })}</p>;
};

interface IdleWarningProps {
  deadline: number | null;
  onStay: () => void;
  onLogout: () => void;
}

/** "Still there?": static, with the time left, a minute before the idle time-out. */
const IdleWarning = ({ deadline, onStay, onLogout }: IdleWarningProps) => {
  const { t } = useTranslation();
  return (
    <AppModal
      show={deadline !== null}
      title={t('idle.title')}
      onCancel={onLogout}
      cancelLabel={t('idle.logoutNow')}
      onConfirm={onStay}
      confirmLabel={t('idle.stay')}
      isStatic
    >
      {deadline !== null && <Countdown key={deadline} deadline={deadline} />}
    </AppModal>
  );
};

/**
 * The signed-in session's watch, in the private layout only (so none of it is in the login
 * screen's load): the idle countdown of SPEC §4 (`idleTimeoutSeconds` from /config.json) with its
 * warning; activity shared with the console's other tabs; and wherever the session ends — here,
 * in another tab, or because the server refused it — the user is taken to the right screen.
 */
export const IdleSession = ({ timeoutSeconds }: { timeoutSeconds: number }) => {
  const navigate = useNavigate();
  const [deadline, setDeadline] = useState<number | null>(null);
  const stay = useRef<() => void>(() => undefined);
  // The router's navigate changes with every location; the watch must not restart with it.
  const goTo = useEffectEvent((path: string) => {
    void navigate(path, { replace: true });
  });
  const timeOut = useEffectEvent(() => {
    void logoutForIdle(navigate);
  });

  useEffect(() => {
    const channel = getSessionChannel();
    const timeoutMs = timeoutSeconds * 1000;
    const timer = new IdleTimer({
      timeoutMs,
      warningMs: warningLeadMs(timeoutMs),
      onWarning: setDeadline,
      onResume: () => {
        setDeadline(null);
      },
      onTimeout: () => {
        setDeadline(null);
        timeOut();
      },
    });

    let lastTaken = 0;
    const takeActivity = () => {
      const at = Date.now();
      if (at - lastTaken < ACTIVITY_THROTTLE_MS) return;
      lastTaken = at;
      if (timer.activity(at)) channel.post({ type: 'activity', at });
    };
    // While the warning shows, only "Stay signed in" counts; a stray key or click does not.
    const onLocalActivity = () => {
      if (!timer.warning) takeActivity();
    };
    stay.current = () => {
      lastTaken = 0;
      takeActivity();
    };

    timer.start();
    channel.post({ type: 'activity', at: Date.now() }); // SPEC §4: load counts, for every tab
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onLocalActivity, { capture: true, passive: true });
    }
    const stopMessages = channel.subscribe((message) => {
      if (message.type === 'activity') timer.activity(message.at);
    });

    let ended = false;
    const stopEnds = onSessionEnd((reason, origin) => {
      ended = true;
      timer.stop();
      setDeadline(null);
      goTo(sessionEndPath(reason, origin));
    });
    let unannounced: ReturnType<typeof setTimeout> | undefined;
    const onStorage = (event: StorageEvent) => {
      const cleared =
        event.key === null || (event.key === SESSION_KEYS.agentSession && !event.newValue);
      if (!cleared || event.storageArea !== localStorage) return;
      clearTimeout(unannounced);
      unannounced = setTimeout(() => {
        if (!ended) goTo(sessionTimeOutPath('elsewhere'));
      }, UNANNOUNCED_END_WAIT_MS);
    };
    window.addEventListener('storage', onStorage);

    return () => {
      timer.stop();
      for (const type of ACTIVITY_EVENTS) {
        window.removeEventListener(type, onLocalActivity, { capture: true });
      }
      stopMessages();
      stopEnds();
      clearTimeout(unannounced);
      window.removeEventListener('storage', onStorage);
    };
  }, [timeoutSeconds]);

  return (
    <IdleWarning
      deadline={deadline}
      onStay={() => {
        stay.current();
      }}
      onLogout={() => {
        setDeadline(null);
        void logout(navigate);
      }}
    />
  );
};
