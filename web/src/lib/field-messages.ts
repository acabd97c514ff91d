import { MESSAGES } from '@ccsc/contract';

/**
 * The contract's field rules speak English (the SPEC §5 texts); the web app shows each in the
 * user's language by looking the English text up here and translating its `validation.*` key.
 * Passing the key to `t()` fails to compile if a contract message has no translation.
 */
type MessageName = keyof typeof MESSAGES;
export type FieldMessageKey = `validation.${MessageName}`;

const nameByText = new Map<string, MessageName>(
  (Object.keys(MESSAGES) as MessageName[]).map((name) => [MESSAGES[name], name]),
);

/** The translation key of a contract message, or null for a message the contract does not list. */
export const fieldMessageKey = (message: string): FieldMessageKey | null => {
  const name = nameByText.get(message);
  return name ? `validation.${name}` : null;
};
