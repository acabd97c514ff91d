// What `debug` is in the Lambda bundles (scripts/bundle.mjs `alias`): a logger that is never
// enabled. `debug` writes only when the DEBUG variable names its namespace, which no function
// sets; file-type's zip reader (@tokenizer/inflate) imports it, and the real one (with
// supports-color and ms) is ~8 KB of the completion's and the documents job's 300 KB budget.
const off = () => undefined;
const createDebug = () => Object.assign(off, { enabled: false, extend: createDebug });
createDebug.enable = off;
createDebug.disable = () => '';
createDebug.enabled = () => false;
export default createDebug;
