// The bundles' stand-in for `@borewit/text-codec` (text-codec.mjs): the package's two functions.
export { textDecode, textEncode } from '@borewit/text-codec';
