import { useCountries } from '../hooks/use-countries';

/** The <option>s of every country, named in the reader's language, the code as the value. */
export const CountryOptions = () => {
  const { options } = useCountries();
  return (
    <>
      {options.map((c) => (
        <option key={c.code} value={c.code}>
          {`${c.name} (${c.code})`}
        </option>
      ))}
    </>
  );
};
