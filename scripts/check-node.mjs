// npm scripts must run on the pinned Node 24 (root devDependency "node"), not the system Node.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Hangar needs Node 24; this script runs on ${process.version}. Run 'npm install' first so npm puts the pinned Node on PATH.`,
  );
  process.exit(1);
}
console.log(`Node ${process.version}`);
