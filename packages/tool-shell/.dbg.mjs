// src/classifier/bash-parser.ts
import { createRequire } from "node:module";
var loading;
function loadBashParser() {
  loading ??= (async () => {
    const { Parser, Language } = await import("web-tree-sitter");
    await Parser.init();
    const require2 = createRequire(import.meta.url);
    const language = await Language.load(require2.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
    const parser2 = new Parser();
    parser2.setLanguage(language);
    return parser2;
  })();
  return loading;
}

// src/classifier/command-builder.ts
import { basename as basename3 } from "node:path";

// src/classifier/shell-word.ts
var DYNAMIC = "\uE000";
function isStatic(word) {
  return !(typeof word === "string" ? word : word.value).includes(DYNAMIC);
}

// src/classifier/assignments.ts
var promptVariables = /^PS[0-4]$/;
var subscriptBuiltins = /* @__PURE__ */ new Set([
  "let",
  "test",
  "[",
  "printf",
  "read",
  "unset",
  "declare",
  "typeset",
  "local",
  "export",
  "readonly",
  "mapfile",
  "readarray",
  "wait",
  "shift",
  "return",
  "exit",
  "ulimit"
]);
function assign(walker, node, scope, into) {
  const nameNode = node.childForFieldName("name");
  const valueNode = node.childForFieldName("value");
  if (!nameNode) return;
  let name = nameNode.text;
  let element;
  if (nameNode.type === "subscript") {
    name = nameNode.childForFieldName("name")?.text ?? name;
    const index = nameNode.childForFieldName("index");
    const indexValue = index ? walker.value(index, scope) : "";
    if (/[$`]/.test(indexValue)) walker.nested(`: ${indexValue}`, scope);
    element = /^\d+$/.test(indexValue) ? Number(indexValue) : -1;
  }
  const append = node.children.some((child) => child?.type === "+=");
  let values;
  if (valueNode?.type === "array") {
    values = [];
    for (const item of valueNode.namedChildren) {
      if (!item) continue;
      for (const field of walker.fields(item, scope))
        values.push(field.replace(/^\[[^\]]*\]=/, ""));
    }
  } else values = [valueNode ? walker.value(valueNode, scope) : ""];
  const previous = into.get(name);
  if (element !== void 0) {
    if (element === -1 || !previous) into.set(name, void 0);
    else {
      const next = [...previous];
      next[element] = append ? (next[element] ?? "") + values[0] : values[0];
      into.set(name, next);
    }
  } else if (append) {
    if (!previous) into.set(name, void 0);
    else if (valueNode?.type === "array") into.set(name, [...previous, ...values]);
    else into.set(name, [(previous[0] ?? "") + values[0], ...previous.slice(1)]);
  } else into.set(name, values);
  if (promptVariables.test(name)) for (const value of values) walker.nested(`: ${value}`, scope);
  if (name === "PROMPT_COMMAND") for (const value of values) walker.nested(value, scope);
}
function declaration(walker, node, scope) {
  const keyword = node.firstChild?.text ?? "";
  const options = node.namedChildren.filter((child) => child?.type === "word" && child.text.startsWith("-")).map((child) => child.text).join("");
  const reference = /^-[a-zA-Z]*n/.test(options);
  const exported = keyword === "export" || /^-[a-zA-Z]*x/.test(options);
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === "variable_assignment") {
      assign(walker, child, scope, scope);
      const name = child.childForFieldName("name")?.text ?? "";
      if (exported) scope.exported.add(name);
      if (reference) {
        const target = scope.get(name)?.[0] ?? "";
        scope.set(name, /^[A-Za-z_][A-Za-z0-9_]*$/.test(target) ? scope.get(target) : void 0);
      }
    } else if (child.type === "variable_name") {
      if (!scope.variables.has(child.text)) scope.set(child.text, void 0);
      if (exported) scope.exported.add(child.text);
    } else {
      const value = walker.value(child, scope);
      const assignment = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?\+?=([\s\S]*)$/.exec(value);
      if (/\[/.test(value) && /[$`]/.test(value)) walker.nested(`: ${value}`, scope);
      if (assignment) scope.set(assignment[1], assignment[2] ? void 0 : [assignment[3]]);
    }
  }
}
function evaluatedStrings(walker, node, scope) {
  for (const word of node.descendantsOfType(["string", "raw_string", "word", "concatenation"])) {
    if (!word || word.parent?.type === "concatenation") continue;
    const value = walker.value(word, scope);
    if (/[$`]/.test(value.replaceAll(DYNAMIC, ""))) walker.nested(`: ${value}`, scope);
  }
  if (/-(eq|ne|lt|le|gt|ge|v)\b/.test(node.text)) arithmetic(walker, node, scope);
}
function arithmetic(walker, node, scope) {
  for (const name of new Set(node.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])) {
    for (const value of scope.variables.get(name) ?? []) {
      if (/[$`]/.test(value)) walker.nested(`: ${value}`, scope);
    }
  }
}
function builtinStrings(walker, words, scope) {
  if (!subscriptBuiltins.has(words[0])) return;
  for (const word of words.slice(1)) {
    if (/[$`]/.test(word.replaceAll(DYNAMIC, "")) && (words[0] === "let" || /\[/.test(word)))
      walker.nested(`: ${word}`, scope);
  }
  if (words[0] === "let" || words[0] === "test" || words[0] === "[") {
    for (const name of words.slice(1).join(" ").match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])
      for (const value of scope.variables.get(name) ?? [])
        if (/[$`]/.test(value)) walker.nested(`: ${value}`, scope);
  }
}

// src/classifier/scope-effects.ts
import { realpathSync, statSync } from "node:fs";
import { basename as basename2, dirname as dirname2, isAbsolute, resolve } from "node:path";

// src/classifier/static-output.ts
import { basename, dirname } from "node:path";

// src/classifier/ansi-c.ts
function decodeAnsiC(body) {
  return body.replace(
    /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs,
    (_match, sequence) => {
      const head = sequence[0];
      if (head === "x" || head === "u" || head === "U")
        return String.fromCodePoint(Number.parseInt(sequence.slice(1), 16));
      if (/[0-7]/.test(head)) return String.fromCharCode(Number.parseInt(sequence, 8) & 255);
      if (head === "c") return String.fromCharCode(sequence.charCodeAt(1) & 31);
      return simpleEscapes[head] ?? (head === "'" || head === '"' || head === "\\" || head === "?" ? head : `\\${head}`);
    }
  );
}
var simpleEscapes = {
  n: "\n",
  t: "	",
  r: "\r",
  a: "\x07",
  b: "\b",
  e: "\x1B",
  E: "\x1B",
  f: "\f",
  v: "\v"
};

// src/classifier/static-output.ts
function staticPipelineOutput(stages) {
  let current;
  for (const [index, stage] of stages.entries()) {
    const input = stage.input ?? (index === 0 ? void 0 : current);
    current = simulate(stage.words, input);
    if (current === void 0) return void 0;
  }
  return current;
}
function simulate(words, input) {
  if (words.length === 0 || !words.every((word) => isStatic(word))) return void 0;
  if (basename(words[0]) === "find") return findOutput(words.slice(1));
  const name = basename(words[0]);
  const args = words.slice(1);
  switch (name) {
    case "echo": {
      let index = 0;
      while (args[index] === "-n" || args[index] === "-e" || args[index] === "-E") index++;
      return `${args.slice(index).join(" ")}${args.includes("-n") ? "" : "\n"}`;
    }
    case "printf": {
      const [format, ...rest] = args[0] === "--" ? args.slice(1) : args;
      if (format === void 0 || format.startsWith("-")) return void 0;
      const template = decodeAnsiC(format.replace(/\\0([0-7]{1,3})/g, "\\$1"));
      const slots = (template.match(/%[sbdq]/g) ?? []).length;
      let output = "";
      let position = 0;
      do {
        output += template.replace(/%([sbdq])/g, (_match, kind) => {
          const value = rest[position++] ?? "";
          return kind === "b" ? decodeAnsiC(value) : value;
        }).replace(/%%/g, "%");
      } while (slots > 0 && position < rest.length && output.length < 65536);
      return output;
    }
    case "which":
      return args.filter((arg) => !arg.startsWith("-")).map((name2) => `/usr/bin/${name2}
`).join("");
    case "command":
    case "type":
      return args.length === 2 && /^-[vP]$/.test(args[0]) ? `/usr/bin/${args[1]}
` : void 0;
    case "dirname":
      return args.length ? `${args.filter((arg) => !arg.startsWith("-")).map((arg) => dirname(arg)).join("\n")}
` : void 0;
    case "basename":
      return args[0] && !args[0].startsWith("-") ? `${basename(args[0], args[1])}
` : void 0;
    case "mktemp":
      return args.includes("-u") ? void 0 : `/tmp/tmp.${DYNAMIC}
`;
    case "tr": {
      if (input === void 0 || args.length !== 2 || args.some((arg) => arg.startsWith("-")))
        return void 0;
      const from = characterSet(args[0]);
      const to = characterSet(args[1]);
      return [...input].map((character) => {
        const at = from.indexOf(character);
        return at === -1 ? character : to[Math.min(at, to.length - 1)] ?? "";
      }).join("");
    }
    default:
      return void 0;
  }
}
function findOutput(args) {
  let start = 0;
  while (start < args.length && /^-([HLP]+|D|O\d*)$/.test(args[start]))
    start += args[start] === "-D" ? 2 : 1;
  const end = args.findIndex(
    (arg, index) => index >= start && (arg.startsWith("-") || arg === "(" || arg === "!")
  );
  const roots = args.slice(start, end === -1 ? void 0 : end);
  const filtered = end !== -1 && args.slice(end).some(
    (arg) => /^-(name|iname|path|ipath|regex|iregex|type|newer|mtime|mmin|size|empty|perm|user|group)$/.test(
      arg
    )
  );
  const listed = roots.length ? roots : ["."];
  const separator = args.includes("-print0") ? "\0" : "\n";
  return `${listed.flatMap((root) => [...filtered ? [] : [root], `${root.replace(/\/?$/, "/")}${DYNAMIC}`]).join(separator)}${separator}`;
}
function characterSet(set) {
  return set.replace(/(.)-(.)/gs, (_match, from, to) => {
    let out = "";
    for (let code = from.charCodeAt(0); code <= to.charCodeAt(0) && out.length < 256; code++)
      out += String.fromCharCode(code);
    return out;
  });
}

// src/classifier/scope-effects.ts
function outputOf(command) {
  return staticPipelineOutput([{ words: command.words, input: command.stdin?.text }]);
}
function applyEffects(command, scope, commandScope) {
  recordWrites(command, scope);
  const [name, ...args] = command.words;
  switch (name) {
    case "cd":
    case "pushd":
      changeDirectory(args, scope, commandScope);
      return;
    case "popd":
      scope.oldCwd = scope.cwd;
      scope.cwd = void 0;
      return;
    case "set": {
      const end = args.indexOf("--");
      if (end !== -1) scope.positional = args.slice(end + 1);
      else if (args.length && !/^[-+]/.test(args[0])) scope.positional = args;
      return;
    }
    case "shift": {
      const count = Number(args[0] ?? 1);
      scope.positional = Number.isInteger(count) ? scope.positional?.slice(count) : void 0;
      return;
    }
    case "read":
      readInto(args, command.stdin?.text, scope);
      return;
    case "mapfile":
    case "readarray": {
      const target = args.filter((arg) => !arg.startsWith("-")).at(-1) ?? "MAPFILE";
      const text = command.stdin?.text;
      scope.set(
        target,
        text !== void 0 && isStatic(text) ? text.replace(/\n$/, "").split("\n") : void 0
      );
      return;
    }
    case "printf":
      if (args[0] === "-v" && args[1]) {
        const output = staticPipelineOutput([{ words: ["printf", ...args.slice(2)] }]);
        scope.set(args[1], output === void 0 ? void 0 : [output]);
      }
      return;
    default:
      return;
  }
}
function changeDirectory(args, scope, commandScope) {
  let index = 0;
  let physical = false;
  while (index < args.length && /^-[LPe@]+$/.test(args[index])) {
    if (args[index].includes("P")) physical = true;
    index++;
  }
  if (args[index] === "--") index++;
  const target = args[index];
  const previous = scope.cwd;
  let next;
  if (target === void 0) next = scope.get("HOME")?.[0];
  else if (target === "-") next = scope.oldCwd;
  else if (!isStatic(target)) next = void 0;
  else if (isAbsolute(target)) next = resolve(target);
  else next = fromCdPath(target, scope.cwd, commandScope.get("CDPATH")?.[0]);
  if (next !== void 0 && physical) next = realFolder(next);
  scope.oldCwd = previous;
  scope.cwd = next;
}
function fromCdPath(target, cwd, cdPath) {
  if (cdPath !== void 0 && isStatic(cdPath) && !/^\.\.?(\/|$)/.test(target)) {
    for (const entry of cdPath.split(":")) {
      if (!isAbsolute(entry || ".") && cwd === void 0) continue;
      const candidate = resolve(cwd ?? "/", entry || ".", target);
      if (isFolder(candidate)) return candidate;
    }
  }
  return cwd === void 0 ? void 0 : resolve(cwd, target);
}
function isFolder(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
function realFolder(path) {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
function readInto(args, input, scope) {
  const names = [];
  let arrayName;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === "-a") arrayName = args[++index];
    else if (/^-[dpntuNi]$/.test(arg)) index++;
    else if (!arg.startsWith("-")) names.push(arg);
  }
  const line = input !== void 0 && isStatic(input) ? input.split("\n")[0] : void 0;
  const fields = line?.trim().split(/[ \t]+/).filter(Boolean);
  if (arrayName) scope.set(arrayName, fields);
  const targets = names.length || arrayName ? names : ["REPLY"];
  targets.forEach((name, position) => {
    if (!fields) scope.set(name, void 0);
    else if (position === targets.length - 1) scope.set(name, [fields.slice(position).join(" ")]);
    else scope.set(name, [fields[position] ?? ""]);
  });
}
var downloaders = /* @__PURE__ */ new Set(["curl", "wget"]);
function recordWrites(command, scope) {
  const where = (target) => isStatic(target) && (isAbsolute(target) || command.cwd !== void 0) ? resolve(command.cwd ?? "/", target) : void 0;
  const program = basename2(command.words[0] ?? "");
  const downloaded = downloaders.has(program);
  const output = outputOf(command);
  for (const redirect of command.redirects) {
    if (!/>/.test(redirect.operator) || redirect.target.startsWith("/dev/")) continue;
    const path = where(redirect.target);
    if (!path) continue;
    const before = redirect.operator.endsWith(">>") ? scope.files.get(path)?.text : "";
    const text = output === void 0 || before === void 0 ? void 0 : before + output;
    scope.files.set(path, { text, downloaded });
  }
  const args = command.words.slice(1);
  if (program === "tee") {
    for (const arg of args.filter((word) => !word.startsWith("-"))) {
      const path = where(arg);
      if (path) scope.files.set(path, { text: command.stdin?.text, downloaded: false });
    }
  }
  if (downloaded) {
    for (const file of downloadTargets(program, args)) {
      const path = where(file);
      if (path) scope.files.set(path, { downloaded: true });
    }
  }
  if (program === "ln" && args.some((arg) => /^-[a-zA-Z]*s|^--symbolic$/.test(arg))) {
    const operands = args.filter((arg) => !arg.startsWith("-"));
    const target = operands[0];
    const link = operands.length > 1 ? where(operands.at(-1)) : target ? where(basename2(target)) : void 0;
    if (target && link && isStatic(target)) {
      const pointsTo = resolve(isAbsolute(target) ? "/" : dirname2(link), target);
      const existing = scope.files.get(link);
      scope.files.set(
        existing?.link === void 0 && existing ? resolve(link, basename2(target)) : link,
        { downloaded: false, link: pointsTo }
      );
    }
  }
  if (program === "git" && args.includes("clone")) {
    const operands = args.slice(args.indexOf("clone") + 1).filter((arg) => !arg.startsWith("-"));
    const folder = operands[1] ?? basename2(operands[0] ?? "").replace(/\.git$/, "");
    const path = folder ? where(folder) : void 0;
    if (path) scope.files.set(path, { downloaded: true });
  }
  if ((program === "cp" || program === "mv") && args.length >= 2) {
    const source = where(args.at(-2));
    const target = where(args.at(-1));
    const known = source ? scope.files.get(source) : void 0;
    if (known && target) scope.files.set(target, known);
  }
}
function downloadTargets(program, args) {
  const files = [];
  const urls = args.filter((arg) => /^[a-z]+:\/\//i.test(arg));
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    const long = /^--(output|output-document)=(.+)$/.exec(arg);
    if (long) files.push(long[2]);
    else if (program === "curl" && (arg === "-o" || arg === "--output") || program === "wget" && (arg === "-O" || arg === "--output-document"))
      files.push(args[++index] ?? "");
    else if (/^-[a-zA-Z]*[oO].+$/.test(arg) && !arg.startsWith("--"))
      files.push(arg.slice(arg.search(/[oO]/) + 1));
    else if (program === "curl" && /^-[a-zA-Z]*O$/.test(arg) || program === "wget" && !args.some((word) => /^-[a-zA-Z]*O/.test(word) || word.startsWith("--output-document")))
      files.push(...urls.map(remoteName));
  }
  return files.filter((file) => file !== "-" && file !== "");
}
function remoteName(url) {
  try {
    return basename2(new URL(url).pathname) || "index.html";
  } catch {
    return "";
  }
}

// src/classifier/standard-input.ts
import { isAbsolute as isAbsolute2, resolve as resolve2 } from "node:path";
function inputFromRedirects(words, redirects, given, scope) {
  let stdin = given;
  const inputFile = redirects.find(
    (redirect) => (redirect.operator === "<" || redirect.operator === "<&") && (redirect.descriptor ?? "0") === "0"
  );
  const duplicated = inputFile?.operator === "<&" ? scope.descriptors.get(inputFile.target) : void 0;
  if (inputFile && !stdin?.text && (inputFile.operator === "<" || duplicated))
    stdin = { file: duplicated ?? absolute(inputFile.target, scope) };
  if (words[0] === "exec" && words.length === 1)
    for (const redirect of redirects)
      scope.descriptors.set(
        redirect.descriptor ?? (redirect.operator.includes("<") ? "0" : "1"),
        absolute(redirect.target, scope)
      );
  return stdin;
}
function absolute(target, scope) {
  return isAbsolute2(target) || scope.cwd === void 0 ? target : resolve2(scope.cwd, target);
}

// src/classifier/substitution-output.ts
function hereDocumentText(walker, redirect, scope) {
  const body = redirect.namedChildren.find((child) => child?.type === "heredoc_body");
  if (!body) return "";
  const start = redirect.namedChildren.find((child) => child?.type === "heredoc_start")?.text ?? "";
  if (/['"\\]/.test(start)) return body.text;
  let text = "";
  for (const child of body.children) {
    if (!child) continue;
    if (child.type === "heredoc_content" || !child.isNamed) {
      for (const code of embeddedCode(child.text)) walker.nested(code, scope);
      text += child.text.replace(/\\([$`\\])/g, "$1").replace(/\\\n/g, "");
    } else text += walker.value(child, scope);
  }
  if (body.childCount === 0) {
    for (const code of embeddedCode(body.text)) walker.nested(code, scope);
    return body.text.replace(/\\([$`\\])/g, "$1").replace(/\\\n/g, "");
  }
  return text;
}
function embeddedCode(text) {
  const found = [];
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === "\\") {
      index++;
      continue;
    }
    if (character === "`") {
      const end = text.indexOf("`", index + 1);
      if (end === -1) break;
      found.push(text.slice(index + 1, end).replace(/\\([`$\\])/g, "$1"));
      index = end;
    } else if (character === "$" && text[index + 1] === "(" && text[index + 2] !== "(") {
      let depth = 0;
      let end = index + 1;
      for (; end < text.length; end++) {
        if (text[end] === "(") depth++;
        else if (text[end] === ")" && --depth === 0) break;
      }
      found.push(text.slice(index + 2, end));
      index = end;
    }
  }
  return found;
}
function substitutionOutput(walker, node, scope) {
  walker.visited.add(node.id);
  if (node.text.startsWith("`") && /\\[`$\\]/.test(node.text))
    walker.nested(node.text.slice(1, -1).replace(/\\([`$\\])/g, "$1"), scope);
  const before = walker.result.commands.length;
  const children = node.namedChildren.filter((child) => child !== null);
  walker.visitChildren(node, scope.clone(), void 0);
  if (children.length !== 1) return void 0;
  const inner = walker.result.commands.slice(before);
  return staticPipelineOutput(
    inner.map((command) => ({
      words: command.words,
      input: command.stdin?.producer ? void 0 : command.stdin?.text
    }))
  );
}

// src/classifier/command-builder.ts
var substitutionCounter = 0;
var CommandBuilder = class {
  constructor(walker) {
    this.walker = walker;
  }
  walker;
  substitutions = [];
  feeds = [];
  /** How words are evaluated in a scope: substitutions are walked in a subshell of it. */
  wordContext(scope) {
    return {
      scope,
      substitutionOutput: (node) => substitutionOutput(this.walker, node, scope),
      processSubstitution: (node) => this.processSubstitution(node, scope),
      arithmetic: (node) => this.arithmetic(node, scope),
      evaluatedAsCode: (text) => this.walker.nested(text, scope)
    };
  }
  /** The output of a command when known without running. */
  output(command) {
    return outputOf(command);
  }
  /** A simple command: its words, redirections and input; then what it changes in the scope. */
  command(node, scope, input, outer, outerFeeds, outerSubstitutions = []) {
    this.walker.visited.add(node.id);
    const savedSubstitutions = this.substitutions;
    const savedFeeds = this.feeds;
    this.substitutions = [...outerSubstitutions];
    this.feeds = [...outerFeeds];
    try {
      const commandScope = scope.clone();
      const assignments = node.namedChildren.filter(
        (child) => child?.type === "variable_assignment"
      );
      for (const assignment of assignments)
        if (assignment) this.assign(assignment, scope, commandScope);
      const words = [];
      const name = node.childForFieldName("name");
      if (name) words.push(...this.walker.fields(name, scope));
      for (const argument of node.childrenForFieldName("argument"))
        if (argument) words.push(...this.walker.fields(argument, scope));
      const redirects = [...outer];
      let stdin = input;
      for (const redirect of node.childrenForFieldName("redirect")) {
        if (!redirect) continue;
        if (redirect.type === "herestring_redirect") {
          const word = redirect.namedChildren.find((child) => child !== null);
          stdin = { text: word ? `${this.walker.value(word, scope)}
` : "\n" };
        } else redirects.push(...this.redirect(redirect, scope));
      }
      stdin = inputFromRedirects(words, redirects, stdin, scope);
      const background = node.nextSibling?.type === "&" || node.parent?.nextSibling?.type === "&";
      const processCommands = this.substitutions.flatMap((substitution) => substitution.commands);
      const prefixed = assignments.map(
        (assignment) => assignment?.childForFieldName("name")?.text ?? ""
      );
      const command = {
        environment: commandScope.environment(prefixed),
        words,
        redirects,
        cwd: scope.cwd,
        stdin,
        processSubstitutions: processCommands,
        substitutions: this.substitutions,
        files: scope.files,
        background,
        text: node.text
      };
      this.walker.result.commands.push(command);
      this.connectFeeds(command);
      if (words.length === 0) {
        for (const assignment of assignments) if (assignment) this.assign(assignment, scope, scope);
      } else if (isStatic(words[0]) && this.walker.callFunction(words[0], words.slice(1), scope, stdin)) {
      } else {
        applyEffects(command, scope, commandScope);
        builtinStrings(this.walker, words, scope);
      }
      return command;
    } finally {
      this.substitutions = savedSubstitutions;
      this.feeds = savedFeeds;
    }
  }
  /** A statement with redirections or a here-document (and what tree-sitter nests after `<<EOF`). */
  redirected(node, scope, input) {
    const body = node.childForFieldName("body");
    const redirects = [];
    let stdin = input;
    let continuation = [];
    const savedFeeds = this.feeds;
    const savedSubstitutions = this.substitutions;
    this.feeds = [];
    this.substitutions = [];
    for (const redirect of node.childrenForFieldName("redirect")) {
      if (!redirect) continue;
      if (redirect.type === "heredoc_redirect") {
        stdin = { text: hereDocumentText(this.walker, redirect, scope) };
        continuation = redirect.namedChildren.filter(
          (child) => child !== null && !child.type.startsWith("heredoc")
        );
      } else if (redirect.type === "herestring_redirect") {
        const word = redirect.namedChildren.find((child) => child !== null);
        stdin = { text: word ? `${this.walker.value(word, scope)}
` : "\n" };
      } else redirects.push(...this.redirect(redirect, scope));
    }
    const feeds = this.feeds;
    const substitutions = this.substitutions;
    this.feeds = savedFeeds;
    this.substitutions = savedSubstitutions;
    let command;
    if (body?.type === "command")
      command = this.command(body, scope, stdin, redirects, feeds, substitutions);
    else {
      const last = body ? this.walker.visit(body, scope, stdin) : void 0;
      command = {
        words: [],
        redirects,
        cwd: scope.cwd,
        stdin,
        processSubstitutions: substitutions.flatMap((item) => item.commands),
        substitutions,
        files: scope.files,
        background: false,
        text: node.text
      };
      this.walker.result.commands.push(command);
      for (const feed of feeds) feed.producer = last ?? command;
      command = last ?? command;
    }
    if (continuation.length === 0) return command;
    const stages = continuation.flatMap(
      (child) => child.type === "pipeline" ? child.namedChildren.filter((stage) => stage !== null) : [child]
    );
    return this.walker.pipeline(stages, scope, {
      producer: command,
      text: command ? outputOf(command) : void 0
    });
  }
  /** An assignment into a scope (see {@link assign}). */
  assign(node, scope, into) {
    assign(this.walker, node, scope, into);
  }
  /** A declaration (see {@link declaration}). */
  declaration(node, scope) {
    declaration(this.walker, node, scope);
  }
  /** Strings inside `[[ ]]` that bash evaluates. */
  evaluatedStrings(node, scope) {
    evaluatedStrings(this.walker, node, scope);
  }
  /** Variables in an arithmetic context whose values hold code. */
  arithmetic(node, scope) {
    arithmetic(this.walker, node, scope);
  }
  redirect(redirect, scope) {
    const destination = redirect.childForFieldName("destination") ?? redirect.namedChildren.find((child) => child?.type !== "file_descriptor") ?? null;
    if (!destination) return [];
    const operator = redirect.children.filter(
      (child) => child && child !== destination && (!child.isNamed || child.type === "ERROR")
    ).map((child) => child.text).join("") || ">";
    const descriptor = redirect.childForFieldName("descriptor")?.text;
    if (destination.type === "process_substitution" && /[>]/.test(operator)) {
      const feed = { redirect: true };
      this.feeds.push(feed);
      return [{ operator, descriptor, target: this.processSubstitution(destination, scope, feed) }];
    }
    return [{ operator, descriptor, target: this.walker.value(destination, scope) }];
  }
  processSubstitution(node, scope, given) {
    this.walker.visited.add(node.id);
    const path = `/dev/fd/${DYNAMIC}${++substitutionCounter}`;
    const writesTo = node.text.startsWith(">(");
    const feed = writesTo ? given ?? { redirect: false } : void 0;
    if (feed && !given) this.feeds.push(feed);
    const before = this.walker.result.commands.length;
    const children = node.namedChildren.filter((child) => child !== null);
    const inner = scope.clone();
    for (const child of children) this.walker.visit(child, inner, feed);
    const commands = this.walker.result.commands.slice(before);
    const output = writesTo || children.length !== 1 ? void 0 : staticPipelineOutput(
      commands.map((command) => ({
        words: command.words,
        input: command.stdin?.producer ? void 0 : command.stdin?.text
      }))
    );
    this.substitutions.push({ path, commands, output });
    const downloaded = commands.some(
      (inner2) => /^(curl|wget|aria2c|fetch|http|https|xh)$/.test(basename3(inner2.words[0] ?? ""))
    );
    if (!writesTo) scope.files.set(path, { text: output, downloaded });
    return path;
  }
  connectFeeds(command) {
    for (const feed of this.feeds) {
      feed.producer = command;
      feed.text = feed.redirect ? outputOf(command) : command.words[0] === "tee" ? command.stdin?.text : void 0;
    }
    this.feeds = [];
  }
};

// src/classifier/brace-expansion.ts
var maximumResults = 64;
function expandBraces(value) {
  const results = [];
  const pending = [value];
  while (pending.length > 0 && results.length + pending.length <= maximumResults) {
    const current = pending.shift();
    const group = findBraceGroup(current);
    if (!group) {
      results.push(current);
      continue;
    }
    for (const alternative of group.alternatives)
      pending.push(current.slice(0, group.start) + alternative + current.slice(group.end + 1));
  }
  return results.concat(pending);
}
function findBraceGroup(value) {
  for (let start = value.indexOf("{"); start !== -1; start = value.indexOf("{", start + 1)) {
    if (value[start - 1] === "$") continue;
    let depth = 0;
    const cuts = [];
    for (let index = start; index < value.length; index++) {
      const character = value[index];
      if (character === "{") depth++;
      else if (character === "}") {
        depth--;
        if (depth !== 0) continue;
        if (cuts.length === 0) {
          const sequence = expandSequence(value.slice(start + 1, index));
          if (sequence) return { start, end: index, alternatives: sequence };
          break;
        }
        const bounds = [start, ...cuts, index];
        const alternatives = bounds.slice(0, -1).map((cut, position) => value.slice(cut + 1, bounds[position + 1]));
        return { start, end: index, alternatives };
      } else if (character === "," && depth === 1) cuts.push(index);
    }
  }
  return void 0;
}
function expandSequence(body) {
  const numeric = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(body);
  const letters = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  const match = numeric ?? letters;
  if (!match) return void 0;
  const from = numeric ? Number(match[1]) : match[1].charCodeAt(0);
  const to = numeric ? Number(match[2]) : match[2].charCodeAt(0);
  const step = Math.max(1, Math.abs(Number(match[3] ?? 1)));
  const values = [];
  const direction = from <= to ? 1 : -1;
  for (let current = from; direction > 0 ? current <= to : current >= to; current += direction * step) {
    values.push(numeric ? String(current) : String.fromCharCode(current));
    if (values.length >= maximumResults) break;
  }
  return values;
}

// src/classifier/split-words.ts
function splitShellWords(text) {
  const words = [];
  let current = "";
  let started = false;
  let quote;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quote) {
      if (character === quote) quote = void 0;
      else if (character === "\\" && quote === '"' && index + 1 < text.length)
        current += text[++index];
      else current += character;
    } else if (character === "'" || character === '"') {
      quote = character;
      started = true;
    } else if (character === "\\" && index + 1 < text.length) {
      current += text[++index];
      started = true;
    } else if (/\s/.test(character)) {
      if (started) words.push(current);
      current = "";
      started = false;
    } else {
      current += character;
      started = true;
    }
  }
  if (started) words.push(current);
  return words;
}

// src/classifier/parameter-expansion.ts
var pattern = /^\$\{([!#]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!0-])(\[[^\]]*\])?([\s\S]*)\}$/;
function expandParameter(text, scope, hooks2) {
  const simple = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!0-])$/.exec(text);
  if (simple) return lookup(simple[1], void 0, scope);
  const match = pattern.exec(text);
  if (!match) return { values: void 0, perElement: false };
  const [, prefix, name, subscript, operation] = match;
  if (subscript && /[$`]/.test(subscript)) hooks2.evaluatedAsCode(`: ${subscript.slice(1, -1)}`);
  let base = lookup(name, subscript, scope);
  if (prefix === "!") {
    if (subscript === "[@]" || subscript === "[*]" || operation) return unknown();
    const target = base.values?.[0];
    if (target === void 0 || !/^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?$/.test(target))
      return unknown();
    const [targetName, targetSubscript] = target.split(/(?=\[)/);
    base = lookup(targetName, targetSubscript, scope);
  }
  if (prefix === "#") {
    if (base.values === void 0) return unknown();
    const count = subscript === "[@]" || subscript === "[*]" ? base.values.length : [...base.values[0] ?? ""].length;
    return { values: [String(count)], perElement: false };
  }
  if (!operation) return base;
  if (/\$\(|`|[<>]\(/.test(operation))
    hooks2.evaluatedAsCode(`: ${operation.replace(/^[:#%/^,@?=+-]+/, "")}`);
  return applyOperation(name, base, operation, scope, hooks2);
}
function applyOperation(name, base, operation, scope, hooks2) {
  const values = base.values;
  const defaulting = /^(:?)([-=?+])([\s\S]*)$/.exec(operation);
  if (defaulting) {
    const [, colon, operator, operandText] = defaulting;
    const operand = () => hooks2.evaluateOperand(operandText);
    if (values === void 0) {
      if (operator === "-" || operator === "=") return { values: [operand()], perElement: false };
      return unknown();
    }
    const unset = !scope.variables.has(name) && !isKnownSpecial(name);
    const empty = values.length === 0 || values.length === 1 && values[0] === "";
    const useOperand = colon ? unset || empty : unset;
    switch (operator) {
      case "-":
        return useOperand ? { values: [operand()], perElement: false } : base;
      case "=":
        if (useOperand) {
          const value = operand();
          scope.set(name, [value]);
          return { values: [value], perElement: false };
        }
        return base;
      case "?":
        return base;
      default:
        return useOperand ? { values: [""], perElement: false } : { values: [operand()], perElement: false };
    }
  }
  if (values === void 0) {
    if (operation === "@P") hooks2.evaluatedAsCode(`: $${name}`);
    return unknown();
  }
  const map = (transform) => ({
    values: values.map(transform),
    perElement: base.perElement
  });
  const removal = /^(##?|%%?)([\s\S]*)$/.exec(operation);
  if (removal) {
    const operandValue2 = hooks2.evaluateOperand(removal[2]);
    if (operandValue2.includes(DYNAMIC)) return unknown();
    const glob = globToRegExp(operandValue2);
    const greedy = removal[1].length === 2;
    const front = removal[1][0] === "#";
    return map((value) => removeMatch(value, glob, front, greedy));
  }
  const substitution = /^\/([/#%]?)((?:\\.|[^/])*)(?:\/([\s\S]*))?$/.exec(operation);
  if (substitution) {
    const [, mode, search, replacement] = substitution;
    const from = hooks2.evaluateOperand(search);
    const to = hooks2.evaluateOperand(replacement ?? "");
    if (from.includes(DYNAMIC) || to.includes(DYNAMIC)) return unknown();
    const regexp = globToRegExp(from).source;
    const anchored = mode === "#" ? `^(?:${regexp})` : mode === "%" ? `(?:${regexp})$` : regexp;
    const flags = mode === "/" ? "g" : "";
    return map((value) => value.replace(new RegExp(anchored, flags), () => to));
  }
  switch (operation) {
    case "^^":
    case "@U":
      return map((value) => value.toUpperCase());
    case ",,":
    case "@L":
      return map((value) => value.toLowerCase());
    case "^":
    case "@u":
      return map((value) => value.charAt(0).toUpperCase() + value.slice(1));
    case ",":
      return map((value) => value.charAt(0).toLowerCase() + value.slice(1));
    case "@Q":
    case "@E":
    case "@A":
    case "@K":
    case "@a":
      return operation === "@E" ? map((value) => value) : unknown();
    case "@P":
      for (const value of values) hooks2.evaluatedAsCode(`: ${value}`);
      return unknown();
    default:
      break;
  }
  const substring = /^:\s*(-?\d+)\s*(?::\s*(-?\d+))?$/.exec(operation);
  if (substring) {
    const start = Number(substring[1]);
    const length = substring[2] === void 0 ? void 0 : Number(substring[2]);
    return map((value) => {
      const from = start < 0 ? Math.max(0, value.length + start) : start;
      const to = length === void 0 ? value.length : length < 0 ? value.length + length : from + length;
      return value.slice(from, to);
    });
  }
  if (/[$`]/.test(operation)) hooks2.evaluatedAsCode(`: ${operation.replace(/^:/, "")}`);
  return unknown();
}
function lookup(name, subscript, scope) {
  const values = scope.get(name);
  if (name === "@" || name === "*") return { values, perElement: name === "@" };
  if (subscript === void 0)
    return { values: values === void 0 ? void 0 : [values[0] ?? ""], perElement: false };
  if (values === void 0) return unknown();
  const index = subscript.slice(1, -1);
  if (index === "@" || index === "*") return { values, perElement: index === "@" };
  if (/^\d+$/.test(index)) return { values: [values[Number(index)] ?? ""], perElement: false };
  return unknown();
}
function isKnownSpecial(name) {
  return ["HOME", "IFS", "PWD", "0", "#", "@", "*"].includes(name) || /^[1-9]\d*$/.test(name);
}
function unknown() {
  return { values: void 0, perElement: false };
}
function globToRegExp(glob) {
  let source = "";
  for (let index = 0; index < glob.length; index++) {
    const character = glob[index];
    if (character === "*") source += "[\\s\\S]*";
    else if (character === "?") source += "[\\s\\S]";
    else if (character === "\\" && index + 1 < glob.length) source += escapeRegExp(glob[++index]);
    else if (character === "[") {
      const end = glob.indexOf("]", index + 2);
      if (end === -1) source += "\\[";
      else {
        source += `[${glob.slice(index + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\")}]`;
        index = end;
      }
    } else source += escapeRegExp(character);
  }
  return new RegExp(source);
}
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
function removeMatch(value, glob, front, greedy) {
  const lengths = [...Array(value.length + 1).keys()];
  const order = greedy ? lengths.reverse() : lengths;
  const whole = new RegExp(`^(?:${glob.source})$`);
  for (const length of order) {
    const part = front ? value.slice(0, length) : value.slice(value.length - length);
    if (whole.test(part))
      return front ? value.slice(length) : value.slice(0, value.length - length);
  }
  return value;
}

// src/classifier/word-evaluator.ts
var protectedForms = {
  " ": "\uE011",
  "	": "\uE012",
  "\n": "\uE013",
  "{": "\uE014",
  "}": "\uE015",
  ",": "\uE016"
};
var fieldBreak = "\uE017";
var quotedEmpty = "\uE018";
var unprotectedForms = Object.fromEntries(
  Object.entries(protectedForms).map(([plain, form]) => [form, plain])
);
function protectAll(text) {
  return text.replace(/[ \t\n{},]/g, (character) => protectedForms[character]);
}
function splitting(text, scope) {
  const separators = scope.get("IFS")?.[0] ?? " 	\n";
  let value = "";
  for (const character of text) {
    if (separators.includes(character)) value += fieldBreak;
    else if (character in protectedForms) value += protectedForms[character];
    else value += character;
  }
  return value;
}
function unprotect(text) {
  return text.replace(
    /[\u{E011}-\u{E018}]/gu,
    (character) => character === fieldBreak ? " " : character === quotedEmpty ? "" : unprotectedForms[character]
  );
}
var wordTypes = /* @__PURE__ */ new Set([
  "word",
  "string",
  "raw_string",
  "concatenation",
  "simple_expansion",
  "expansion",
  "command_substitution",
  "process_substitution",
  "arithmetic_expansion",
  "ansi_c_string",
  "translated_string",
  "number",
  "brace_expression"
]);
function isWordNode(node) {
  return wordTypes.has(node.type);
}
function expandWord(node, context) {
  const text = piece(node, context, false, true);
  const fields = [];
  for (const expanded of expandBraces(text)) {
    for (const field of expanded.split(/[ \t\n\u{E017}]+/u)) {
      if (field !== "") fields.push(unprotect(field));
    }
  }
  return fields;
}
function wordValue(node, context) {
  return unprotect(piece(node, context, false, true));
}
function piece(node, context, quoted, first) {
  switch (node.type) {
    case "command_name":
      return node.firstNamedChild ? piece(node.firstNamedChild, context, quoted, first) : "";
    case "word":
      return unquotedWord(node.text, context.scope, first);
    case "number":
    case "file_descriptor":
    case "test_operator":
    case "regex":
    case "extglob_pattern":
      return node.text;
    case "raw_string":
      return protectAll(node.text.slice(1, -1)) || quotedEmpty;
    case "ansi_c_string":
      return protectAll(decodeAnsiC(node.text.slice(2, -1))) || quotedEmpty;
    case "string":
    case "translated_string":
      return doubleQuoted(node, context) || quotedEmpty;
    case "concatenation": {
      let value = "";
      let index = 0;
      for (const child of node.children) {
        if (!child) continue;
        value += piece(child, context, quoted, first && index === 0);
        index++;
      }
      return value;
    }
    case "simple_expansion":
    case "expansion": {
      const { values } = expandParameter(node.text, context.scope, hooks(context));
      if (values === void 0) return DYNAMIC;
      return splitting(values.join(" "), context.scope);
    }
    case "command_substitution": {
      const output = context.substitutionOutput(node);
      return output === void 0 ? DYNAMIC : splitting(output.replace(/\n+$/, ""), context.scope);
    }
    case "process_substitution":
      return protectAll(context.processSubstitution(node));
    case "arithmetic_expansion":
      context.arithmetic(node);
      return /^\$\(\(\s*\d+\s*\)\)$/.test(node.text) ? node.text.replace(/\D/g, "") : DYNAMIC;
    case "brace_expression":
      return node.text;
    default:
      if (!node.isNamed) return node.text;
      return DYNAMIC;
  }
}
function doubleQuoted(node, context) {
  let value = "";
  for (const child of node.children) {
    if (!child || child.type === '"' || child.type === '$"') continue;
    switch (child.type) {
      case "string_content":
        value += protectAll(
          child.text.replace(
            /\\([$`"\\\n])/g,
            (_match, character) => character === "\n" ? "" : character
          )
        );
        break;
      case "simple_expansion":
      case "expansion": {
        const { values, perElement } = expandParameter(child.text, context.scope, hooks(context));
        if (values === void 0) value += DYNAMIC;
        else if (perElement) value += values.map(protectAll).join(fieldBreak);
        else value += protectAll(values.join(" "));
        break;
      }
      case "command_substitution": {
        const output = context.substitutionOutput(child);
        value += output === void 0 ? DYNAMIC : protectAll(output.replace(/\n+$/, ""));
        break;
      }
      case "arithmetic_expansion":
        context.arithmetic(child);
        value += DYNAMIC;
        break;
      default:
        value += child.isNamed ? DYNAMIC : protectAll(child.text);
    }
  }
  return value;
}
function hooks(context) {
  return {
    evaluateOperand: (text) => operandValue(text, context.scope),
    evaluatedAsCode: (text) => context.evaluatedAsCode(text)
  };
}
function operandValue(text, scope) {
  if (/^'[^']*'$/.test(text)) return text.slice(1, -1);
  if (/^"[^"$`\\]*"$/.test(text)) return text.slice(1, -1);
  const variable = /^\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9])\}?$/.exec(text);
  if (variable) return scope.get(variable[1])?.join(" ") ?? DYNAMIC;
  if (/[$`"'\\]/.test(text)) return DYNAMIC;
  return unprotect(unquotedWord(text, scope, true));
}
function unquotedWord(text, scope, first) {
  let value = text.replace(
    /\\(\n|.)/gs,
    (_match, character) => character === "\n" ? "" : protectAll(character)
  );
  if (first && value.startsWith("~")) value = expandTilde(value, scope);
  return value;
}
function expandTilde(value, scope) {
  const slash = value.indexOf("/");
  const prefix = value.slice(1, slash === -1 ? void 0 : slash);
  const rest = slash === -1 ? "" : value.slice(slash);
  let home;
  if (prefix === "") home = scope.get("HOME")?.[0] ?? DYNAMIC;
  else if (prefix === "+") home = scope.cwd ?? DYNAMIC;
  else if (prefix === "-") home = scope.oldCwd ?? DYNAMIC;
  else if (prefix === "root") home = "/root";
  else if (/^[a-z_][a-z0-9_-]*\$?$/i.test(prefix)) home = `/home/${prefix}`;
  return home === void 0 ? value : protectAll(home) + rest;
}

// src/classifier/error-recovery.ts
function salvageCommand(walker, node, scope) {
  const text = node.text.trim();
  let words;
  if (!/[;&|<>\n`$()]/.test(text))
    words = splitShellWords(text).flatMap((word) => expandBraces(word));
  else {
    const parts = node.namedChildren.filter((child) => child !== null).filter((child) => child.type === "command_name" || isWordNode(child));
    if (parts[0]?.type !== "command_name") return;
    words = parts.flatMap((part) => walker.fields(part, scope.clone()));
  }
  if (words.length === 0) return;
  walker.result.commands.push({
    words,
    redirects: [],
    cwd: scope.cwd,
    processSubstitutions: [],
    files: scope.files,
    background: false,
    text: node.text
  });
}

// src/classifier/fork-bomb.ts
function isForkBomb(name, body) {
  const callsItself = body.descendantsOfType("command").some((command) => command?.childForFieldName("name")?.text === name);
  return callsItself && (body.descendantsOfType("pipeline").length > 0 || /&(?!&)/.test(body.text));
}

// src/classifier/script-walker.ts
var maximumVisits = 2e4;
var ScriptWalker = class {
  constructor(top) {
    this.top = top;
  }
  top;
  result = { commands: [], forkBombs: [], unparsed: [], nestedScripts: [] };
  visited = /* @__PURE__ */ new Set();
  called = /* @__PURE__ */ new Set();
  builder = new CommandBuilder(this);
  callDepth = 0;
  visits = 0;
  /** Walks the root of a parse tree. */
  walk(root) {
    this.visit(root, this.top, void 0);
    for (const [name, body] of this.top.functions) {
      if (this.called.has(name)) continue;
      const scope = this.top.clone();
      scope.positional = void 0;
      this.visit(body, scope, void 0);
    }
    for (const node of root.descendantsOfType([
      "command",
      "command_substitution",
      "process_substitution"
    ])) {
      if (node && !this.visited.has(node.id)) this.visit(node, this.top.clone(), void 0);
    }
    return this.result;
  }
  /** Walks one statement; returns the last command it runs (whose output a pipe carries). */
  visit(node, scope, input) {
    if (++this.visits > maximumVisits) {
      if (this.visits === maximumVisits + 1) this.result.unparsed.push("(too long to check)");
      return void 0;
    }
    switch (node.type) {
      case "comment":
        return void 0;
      case "ERROR":
        this.result.unparsed.push(node.text.slice(0, 80));
        salvageCommand(this, node, scope);
        return this.visitChildren(node, scope, input);
      case "command":
        return this.builder.command(node, scope, input, [], []);
      case "redirected_statement":
        return this.builder.redirected(node, scope, input);
      case "pipeline":
        return this.pipeline(this.named(node), scope, input);
      case "subshell":
        return this.visitChildren(node, scope.clone(), input);
      case "variable_assignment":
        this.builder.assign(node, scope, scope);
        return void 0;
      case "declaration_command":
        this.builder.declaration(node, scope);
        return void 0;
      case "unset_command":
        for (const child of this.named(node)) {
          for (const name of this.fields(child, scope)) scope.set(name.replace(/\[.*$/, ""), [""]);
        }
        return void 0;
      case "function_definition":
        return this.defineFunction(node, scope);
      case "test_command":
        this.visitChildren(node, scope, void 0);
        this.builder.evaluatedStrings(node, scope);
        return void 0;
      case "if_statement":
      case "while_statement":
      case "case_statement":
      case "c_style_for_statement":
        return this.branch(node, scope, input);
      case "for_statement":
        return this.forLoop(node, scope, input);
      case "compound_statement":
        if (node.firstChild?.type === "((") {
          this.builder.arithmetic(node, scope);
          return this.visitChildren(node, scope, input);
        }
        return this.visitChildren(node, scope, input);
      default:
        if (isWordNode(node)) {
          this.fields(node, scope);
          return void 0;
        }
        if (node.isMissing) this.result.unparsed.push(`missing ${node.type}`);
        return this.visitChildren(node, scope, input);
    }
  }
  /** Walks every named child; word-like children are evaluated so their substitutions run. */
  visitChildren(node, scope, input) {
    let last;
    for (const child of this.named(node)) last = this.visit(child, scope, input) ?? last;
    return last;
  }
  /** The words a word node becomes, its substitutions walked in the given scope. */
  fields(node, scope) {
    return expandWord(node, this.builder.wordContext(scope));
  }
  /** The unsplit value of a word node, its substitutions walked in the given scope. */
  value(node, scope) {
    return wordValue(node, this.builder.wordContext(scope));
  }
  /** Walks the stages of a pipeline, each fed by the one before. */
  pipeline(stages, scope, input) {
    let previous;
    for (const [index, stage] of stages.entries()) {
      const stageInput = index === 0 ? input : previous ? { producer: previous, text: this.builder.output(previous) } : {};
      const stageScope = stages.length > 1 ? scope.clone() : scope;
      previous = this.visit(stage, stageScope, stageInput);
    }
    return previous;
  }
  /** Calls a function defined earlier with the given arguments; false when there is none. */
  callFunction(name, args, scope, input) {
    const body = scope.functions.get(name);
    if (!body || this.callDepth >= 4) return body !== void 0;
    this.called.add(name);
    const saved = scope.positional;
    scope.positional = args;
    this.callDepth++;
    try {
      this.visit(body, scope, input);
    } finally {
      this.callDepth--;
      scope.positional = saved;
    }
    return true;
  }
  /** Records shell code that bash evaluates later. */
  nested(script, scope) {
    this.result.nestedScripts.push({ script, cwd: scope.cwd });
  }
  branch(node, scope, input) {
    const inner = scope.clone();
    const last = this.visitChildren(node, inner, input);
    scope.mergeBranch(inner);
    return last;
  }
  forLoop(node, scope, input) {
    const variable = node.childForFieldName("variable")?.text ?? "";
    const valueNodes = node.childrenForFieldName("value").filter((child) => child !== null);
    const values = valueNodes.length ? valueNodes.flatMap((child) => this.fields(child, scope)) : scope.positional;
    const body = node.childForFieldName("body");
    if (!body) return void 0;
    const runs = values && values.length <= 16 ? values : [void 0];
    let last;
    for (const value of runs) {
      const inner = scope.clone();
      inner.set(variable, value === void 0 ? void 0 : [value]);
      last = this.visit(body, inner, input) ?? last;
      scope.mergeBranch(inner);
    }
    return last;
  }
  defineFunction(node, scope) {
    const name = node.childForFieldName("name")?.text;
    const body = node.childForFieldName("body");
    if (!name || !body) return void 0;
    scope.functions.set(name, body);
    if (scope !== this.top && !this.top.functions.has(name)) this.top.functions.set(name, body);
    if (isForkBomb(name, body)) this.result.forkBombs.push(name);
    return void 0;
  }
  named(node) {
    return node.namedChildren.filter((child) => child !== null);
  }
};

// src/classifier/shell-scope.ts
var ShellScope = class _ShellScope {
  constructor(homeDir, cwd, files = /* @__PURE__ */ new Map()) {
    this.homeDir = homeDir;
    this.files = files;
    this.cwd = cwd;
  }
  homeDir;
  files;
  /** Variables set in the command; a name missing here comes from the environment (unknown). */
  variables = /* @__PURE__ */ new Map();
  /** `$1`, `$2`, ...; undefined when unknown. */
  positional = [];
  /** Files opened on descriptors by `exec 3< file`, shared by every copy of the scope. */
  descriptors = /* @__PURE__ */ new Map();
  /** Variables exported to the programs the command runs. */
  exported = /* @__PURE__ */ new Set();
  /** Functions defined so far, by name. */
  functions = /* @__PURE__ */ new Map();
  /** The working folder (absolute), or undefined when it is only known at run time. */
  cwd;
  /** The previous working folder (`cd -`, `~-`). */
  oldCwd;
  /** A copy for a subshell or a branch: changes to it do not reach this scope. */
  clone() {
    const copy = new _ShellScope(this.homeDir, this.cwd, this.files);
    for (const [name, value] of this.variables) copy.variables.set(name, value);
    for (const [name, body] of this.functions) copy.functions.set(name, body);
    for (const name of this.exported) copy.exported.add(name);
    copy.descriptors = this.descriptors;
    copy.positional = this.positional;
    copy.oldCwd = this.oldCwd;
    return copy;
  }
  /** The value of a variable: known values, or undefined when only known at run time. */
  get(name) {
    if (this.variables.has(name)) return this.variables.get(name);
    switch (name) {
      case "HOME":
        return [this.homeDir];
      case "IFS":
        return [" 	\n"];
      case "PWD":
        return this.cwd === void 0 ? void 0 : [this.cwd];
      case "OLDPWD":
        return this.oldCwd === void 0 ? void 0 : [this.oldCwd];
      case "#":
        return this.positional === void 0 ? void 0 : [String(this.positional.length)];
      case "@":
      case "*":
        return this.positional;
      case "0":
        return ["bash"];
      default:
        if (/^[1-9][0-9]*$/.test(name)) {
          if (this.positional === void 0) return void 0;
          const value = this.positional[Number(name) - 1];
          return [value ?? ""];
        }
        return void 0;
    }
  }
  /** The exported variables and the given extra names, with their values, for a program's environment. */
  environment(extra = []) {
    const environment = /* @__PURE__ */ new Map();
    for (const name of [...this.exported, ...extra]) environment.set(name, this.get(name));
    return environment;
  }
  /** Sets a variable (an array when several values are given; undefined for unknown). */
  set(name, value) {
    this.variables.set(name, value);
  }
  /**
   * Takes in what a branch that may or may not have run did: a variable or folder that differs
   * between the two becomes unknown; functions it defined are kept.
   */
  mergeBranch(branch) {
    const names = /* @__PURE__ */ new Set([...this.variables.keys(), ...branch.variables.keys()]);
    for (const name of names) {
      const mine = this.get(name);
      const theirs = branch.get(name);
      if (!sameValue(mine, theirs)) this.variables.set(name, void 0);
    }
    if (!sameValue(this.positional, branch.positional)) this.positional = void 0;
    if (this.cwd !== branch.cwd) this.cwd = void 0;
    if (this.oldCwd !== branch.oldCwd) this.oldCwd = void 0;
    for (const [name, body] of branch.functions) this.functions.set(name, body);
  }
};
function sameValue(a, b) {
  if (a === void 0 || b === void 0) return a === b;
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

// ../../../../tmp/cls/dbg.ts
var parser = await loadBashParser();
for (const src of process.argv.slice(2)) {
  const tree = parser.parse(src);
  const r = new ScriptWalker(new ShellScope("/home/elf", "/tmp/cls/ws")).walk(tree.rootNode);
  console.log(src, JSON.stringify(r.commands.map((c) => c.words)).replace(/\uE000/g, "\u2026"), JSON.stringify(r.nestedScripts), r.unparsed);
}
var t2 = parser.parse("cat > r.sh <<'EOF'\n#!/bin/sh\ndd if=/dev/zero of=/dev/sda bs=1M\nEOF\nchmod +x r.sh && ./r.sh");
var s2 = new ShellScope("/home/elf", "/tmp/cls/ws");
var r2 = new ScriptWalker(s2).walk(t2.rootNode);
console.log(r2.commands.map((c) => [c.words, c.redirects, c.stdin?.text]), s2.files);
console.log(JSON.stringify(outputOf(r2.commands[0])), JSON.stringify(r2.commands[0].redirects));
