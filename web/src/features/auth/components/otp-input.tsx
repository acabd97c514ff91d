import { OTP_LENGTH } from '@ccsc/contract';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §5, §9: OTP_LENGTH (six) boxes, one digit 0-9 each. */
interface OtpInputProps {
  /** The digits entered so far, one string per box ('' when empty). */
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
}

const onlyDigits = (text: string): string[] => Array.from(text).filter((c) => c >= '0' && c <= '9');

/** An empty code: six empty boxes. */
export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * The OTP Verification boxes (SPEC §2): typing a digit fills the box (replacing what it held) and
 * moves to the next, a pasted (or autofilled) code fills the boxes from the first, Backspace
 * clears the box or, on an empty one, the one before and moves there, the arrow keys move between
 * boxes. Anything but digits is ignored.
 */
export const OtpInput = ({ digits, onChange, invalid = false, describedBy }: OtpInputProps) => {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focus = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `entered` from box `start` on, and focuses the box after the last one written. */
  const fill = (start: number, entered: string[]) => {
    if (entered.length === 0) return;
    const next = [...digits];
    const written = entered.slice(0, OTP_LENGTH - start);
    written.forEach((digit, i) => {
      next[start + i] = digit;
    });
    onChange(next);
    focus(start + written.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (/^[0-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Handled here rather than by the input: a full box (maxlength 1) whose text a click left
      // unselected would swallow the digit.
      event.preventDefault();
      fill(index, [event.key]);
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      const next = [...digits];
      if (digits[index] !== '') {
        next[index] = '';
        onChange(next);
      } else if (event.key === 'Backspace' && index > 0) {
        next[index - 1] = '';
        onChange(next);
        focus(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = onlyDigits(event.clipboardData.getData('text'));
    // A whole code fills all six boxes wherever it is pasted.
    fill(pasted.length >= OTP_LENGTH ? 0 : index, pasted);
  };

  return (
    <div
      className="d-flex gap-2 justify-content-center mb-3"
      role="group"
      aria-label={t('otp.codeLabel')}
    >
      {digits.map((digit, index) => (
        <input
          // The boxes never reorder: their position is their identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className={`form-control text-center fs-4 px-0${invalid ? ' is-invalid' : ''}`}
          style={{ width: '3rem', height: '3.5rem' }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]"
          maxLength={1}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={index === 0}
          value={digit}
          aria-label={t('otp.digitLabel', { position: index + 1, count: OTP_LENGTH })}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onKeyDown={(event) => {
            onKeyDown(index, event);
          }}
          onPaste={(event) => {
            onPaste(index, event);
          }}
          onFocus={(event) => {
            event.target.select();
          }}
          onChange={(event) => {
            const entered = onlyDigits(event.target.value);
            if (event.target.value === '') {
              const next = [...digits];
              next[index] = '';
              onChange(next);
            } else if (entered.length === 1) {
              fill(index, entered);
            } else if (entered.length > 1) {
              // Autofill (one-time-code) or a typed digit over a selected one.
              fill(entered.length >= OTP_LENGTH ? 0 : index, entered);
            }
          }}
        />
      ))}
    </div>
  );
};
