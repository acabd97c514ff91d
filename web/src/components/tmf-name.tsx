import type { ReactNode } from 'react';

/**
 * A name from the TMF Reference Model (zone, section, artifact, sub-artifact): CDISC publishes
 * the model in English only, and the console shows its names as published, on every page. Marked
 * as English (WCAG 2.2 3.1.2, language of parts), so that a screen reader speaks it as English
 * and the German or Turkish page around it stays German or Turkish.
 */
export const TmfName = ({ children, className }: { children: ReactNode; className?: string }) => (
  <span lang="en" className={className}>
    {children}
  </span>
);

/** A character no translation contains: where the name goes in a translated text. */
const PLACE = '\u2063';

/**
 * A translated text with a TMF name in it ("Zone 04: Site Management", "Zone Nr. 04 – …"): the
 * text as the language words it, the name marked as English where the text puts it.
 */
export const WithTmfName = ({
  text,
  name,
}: {
  /** The translated text, given what to put where the name goes. */
  text: (name: string) => string;
  name: string;
}) => {
  const [before = '', after = ''] = text(PLACE).split(PLACE);
  return (
    <>
      {before}
      <TmfName>{name}</TmfName>
      {after}
    </>
  );
};
