#!/usr/bin/env node
// A small to-do list CLI built with commander: every option kind cli-mcp maps, and nested commands.
// Try it: node examples/todo/todo.js add "Buy milk" --priority high
//         npx cli-mcp tools examples/todo/todo.js
import { Command, Option } from 'commander';
import { readFileSync, writeFileSync } from 'node:fs';

// Tool hints for MCP clients; `annotate()` from cli-mcp sets the same key.
const hints = (command, annotations) => Object.assign(command, { [Symbol.for('cli-mcp.annotations')]: annotations });

const program = new Command('todo')
  .description('Keep a to-do list in a JSON file.')
  .version('1.0.0')
  .addOption(new Option('--file <path>', 'the list file').env('TODO_FILE').default('todo.json'))
  .option('--verbose', 'say what is being done');

const load = () => {
  try {
    return JSON.parse(readFileSync(program.opts().file, 'utf8'));
  } catch {
    return { next: 1, tasks: [] };
  }
};
const save = (list) => writeFileSync(program.opts().file, `${JSON.stringify(list, null, 2)}\n`);
const find = (list, id) => list.tasks.find((task) => task.id === id) ?? fail(`no task ${id}`);
const fail = (message) => {
  console.error(`todo: ${message}`);
  process.exit(2);
};
const integer = (value) => {
  const number = Number.parseInt(value, 10);
  if (Number.isNaN(number)) throw new Error(`not a number: ${value}`);
  return number;
};

hints(
  program
    .command('add')
    .description('Add a task.')
    .argument('<title>', 'what to do')
    .argument('[tags...]', 'labels for the task')
    .addOption(new Option('-p, --priority <level>', 'how urgent').choices(['low', 'medium', 'high']).default('medium'))
    .option('--due <date>', 'when it is due (YYYY-MM-DD)')
    .option('--estimate <hours>', 'hours it will take', Number.parseFloat)
    .option('--no-notify', 'do not announce the new task')
    .addHelpText('after', '\nExamples:\n  todo add "Buy milk" shopping --priority high\n  todo add "Write report" --due 2026-12-01 --estimate 2.5')
    .action((title, tags, options) => {
      const list = load();
      const task = { id: list.next++, title, tags, priority: options.priority, due: options.due, estimate: options.estimate, done: false };
      list.tasks.push(task);
      save(list);
      if (options.notify) console.log(`Added #${task.id}: ${title}`);
    }),
  { idempotentHint: false },
);

hints(
  program
    .command('list')
    .alias('ls')
    .description('List tasks.')
    .option('-s, --status [state]', 'only tasks in this state (open when given bare)')
    .option('-n, --limit <count>', 'show at most this many', integer)
    .option('--tag <tags...>', 'only tasks with all these tags')
    .addOption(new Option('--sort <field>', 'order by').choices(['id', 'priority', 'due']))
    .option('--color', 'colour the output')
    .option('--no-color', 'plain output')
    .option('--json', 'print JSON')
    .action((options) => {
      let tasks = load().tasks;
      const status = options.status === true ? 'open' : options.status;
      if (status) tasks = tasks.filter((task) => (status === 'done') === task.done);
      if (options.tag) tasks = tasks.filter((task) => options.tag.every((tag) => task.tags.includes(tag)));
      if (options.sort) tasks = [...tasks].sort((a, b) => String(a[options.sort]).localeCompare(String(b[options.sort])));
      if (options.limit !== undefined) tasks = tasks.slice(0, options.limit);
      if (options.json) return console.log(JSON.stringify(tasks, null, 2));
      for (const task of tasks) console.log(`${task.done ? '[x]' : '[ ]'} #${task.id} ${task.title} (${task.priority})`);
      if (tasks.length === 0) console.log('No tasks.');
    }),
  { readOnlyHint: true, title: 'List tasks' },
);

program
  .command('done')
  .description('Mark a task done.')
  .argument('<id>', 'task number', integer)
  .action((id) => {
    const list = load();
    find(list, id).done = true;
    save(list);
    console.log(`Done #${id}`);
  });

hints(
  program
    .command('remove')
    .description('Remove tasks.')
    .argument('<ids...>', 'task numbers')
    .option('-f, --force', 'remove even when not done')
    .action((ids, options) => {
      const list = load();
      for (const id of ids.map(integer)) {
        if (!find(list, id).done && !options.force) fail(`task ${id} is not done; use --force`);
        list.tasks = list.tasks.filter((task) => task.id !== id);
      }
      save(list);
      console.log(`Removed ${ids.length}`);
    }),
  { destructiveHint: true },
);

program
  .command('assign')
  .description('Give a task to someone.')
  .argument('<id>', 'task number', integer)
  .requiredOption('--owner <name>', 'who does it')
  .action((id, options) => {
    const list = load();
    find(list, id).owner = options.owner;
    save(list);
    console.log(`#${id} is ${options.owner}'s`);
  });

const tag = program.command('tag').description('Change the tags of a task.');
tag
  .command('add')
  .description('Add tags to a task.')
  .argument('<id>', 'task number', integer)
  .argument('<tags...>', 'tags to add')
  .action((id, tags) => {
    const list = load();
    const task = find(list, id);
    task.tags = [...new Set([...task.tags, ...tags])];
    save(list);
    console.log(`#${id}: ${task.tags.join(', ')}`);
  });
tag
  .command('remove')
  .description('Remove a tag from a task.')
  .argument('<id>', 'task number', integer)
  .argument('<tag>', 'tag to remove')
  .action((id, name) => {
    const list = load();
    const task = find(list, id);
    task.tags = task.tags.filter((t) => t !== name);
    save(list);
    console.log(`#${id}: ${task.tags.join(', ') || '(no tags)'}`);
  });

program.command('debug', { hidden: true }).action(() => console.log(JSON.stringify(load())));

program.parse();
