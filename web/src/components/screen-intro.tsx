interface ScreenIntroProps {
  heading: string;
  description: string;
}

/** A screen's heading and the one line that says what it is for. */
export const ScreenIntro = ({ heading, description }: ScreenIntroProps) => (
  <>
    <h1 className="h3 mb-2">{heading}</h1>
    <p className="text-body-secondary">{description}</p>
  </>
);
