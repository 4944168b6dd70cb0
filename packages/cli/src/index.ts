export { main } from './main';
export { parseCallArguments } from './parse-call-arguments';
