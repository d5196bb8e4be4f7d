/**
 * The Python worker: run with the program's own interpreter (`python3 -c <source> <script> <skip> <words…>`), it
 * patches argparse's, optparse's and click's parse entry points, runs the script as `python script` would, and at
 * the first real parse prints the parser as JSON on the stdout it kept and ends the process (`os._exit`): no
 * finally block, atexit hook or action of the program runs after it. The program's own prints go to stderr.
 * Shipped as a string so that it works from dist/ as built by plain tsc; parser-tree.ts describes its output.
 */
import { PARSER_READERS } from './worker-readers.js';

/** Where the answer goes, the parse-stopping patch every reader uses, and JSON-safe values. */
const COMMON = String.raw`import json, os, runpy, sys

_out = os.dup(1)
os.dup2(2, 1)
_state = {'inside': 0, 'skip': 0}


def _report(answer):
    files = set()
    for module in list(sys.modules.values()):
        path = getattr(module, '__file__', None)
        if isinstance(path, str) and os.path.isfile(path):
            files.add(os.path.realpath(path))
    if sys.executable:
        files.add(os.path.realpath(sys.executable))
    answer['files'] = sorted(files)
    try:
        data = json.dumps(answer, ensure_ascii=True, default=lambda value: None).encode('ascii')
        while data:
            data = data[os.write(_out, data):]
    finally:
        os._exit(0)


def _plain(value, depth=0):
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, float)):
        return value if value == value and abs(value) != float('inf') else None
    if depth < 4 and isinstance(value, (list, tuple)):
        items = [_plain(item, depth + 1) for item in value]
        return None if any(item is None for item in items) else items
    if type(value).__name__ in ('PosixPath', 'PurePosixPath', 'WindowsPath', 'PureWindowsPath'):
        return str(value)
    return None


def _type_name(kind):
    if kind is None or isinstance(kind, str):
        return kind
    return getattr(kind, '__name__', None) or type(kind).__name__


def _choices(values):
    # Any iterable the parser checks membership in: a list, a dict's keys, httpie's lazily loaded plugin names.
    if values is None or isinstance(values, (str, bytes)):
        return None
    items = []
    try:
        for item in values:
            items.append(str(item))
            if len(items) > 1000:
                return None
    except Exception:
        return None
    return items


def _parse(kind, original, preliminary, tree, name):
    """Runs a parse that only prepares for the real one; stops the program at the real one with its tree."""
    def run(self, *args, **kwargs):
        # Inside a parse let through (a subparser's own), a first pass that reads a few options, or a parse to pass.
        if _state['inside'] or preliminary(self) or _state['skip'] > 0:
            if not _state['inside'] and not preliminary(self):
                _state['skip'] -= 1
            _state['inside'] += 1
            try:
                return original(self, *args, **kwargs)
            finally:
                _state['inside'] -= 1
        try:
            answer = {'ok': True, 'kind': kind, 'root': tree(self), 'via': name}
        except BaseException as error:
            answer = {'ok': False, 'reason': 'error', 'message': '%s while reading the %s parser: %s' % (type(error).__name__, kind, error)}
        _report(answer)
    return run


def _patch(cls, names, kind, preliminary, tree):
    for name in names:
        original = cls.__dict__.get(name)
        if original is not None:
            setattr(cls, name, _parse(kind, original, (lambda self, name=name: preliminary(self, name)), tree, name))
`;

/** click's reader, the import hook that patches click.core as the program imports it, and the run of the script. */
const CLICK_AND_MAIN = String.raw`# click (and typer, built on it): patched as click.core is imported, whichever copy the program imports.
def _click_type(kind):
    out = {'name': getattr(kind, 'name', None), 'class': type(kind).__name__}
    choices = getattr(kind, 'choices', None)
    if choices is not None:
        out['choices'] = _choices(choices)
    if out['class'] == 'Tuple':
        out['types'] = [_click_type(item) for item in getattr(kind, 'types', [])]
    for bound in ('min', 'max'):
        if isinstance(getattr(kind, bound, None), (int, float)):
            out[bound] = getattr(kind, bound)
    return out


def _click_param(core, param):
    option = isinstance(param, core.Option)
    out = {
        'kind': 'option' if option else ('argument' if isinstance(param, core.Argument) else type(param).__name__),
        'name': param.name, 'opts': list(param.opts), 'secondary_opts': list(param.secondary_opts), 'nargs': param.nargs,
        'multiple': bool(param.multiple), 'required': bool(param.required), 'type': _click_type(param.type),
        'expose_value': bool(param.expose_value), 'is_eager': bool(param.is_eager),
        'envvar': param.envvar if isinstance(param.envvar, str) else None,
    }
    if not callable(param.default):
        out['default'] = _plain(param.default)
    if option:
        out.update({
            'is_flag': bool(param.is_flag), 'is_bool_flag': bool(getattr(param, 'is_bool_flag', False)), 'count': bool(param.count),
            'hidden': bool(param.hidden), 'help': param.help, 'prompt': bool(param.prompt), 'flag_value': _plain(getattr(param, 'flag_value', None)),
        })
    return out


def _click_version(command):
    """What click's version_option would print: the version it was given, or its package's."""
    for param in command.params:
        callback = getattr(param, 'callback', None)
        code = getattr(callback, '__code__', None)
        if param.name != 'version' or code is None or not callback.__closure__:
            continue
        cells = dict(zip(code.co_freevars, (cell.cell_contents for cell in callback.__closure__)))
        if isinstance(cells.get('version'), str):
            return cells['version']
        if isinstance(cells.get('package_name'), str):
            import importlib.metadata
            return importlib.metadata.version(cells['package_name'])
    return None


def _click_command(core, command, ctx, depth):
    group = core.__dict__.get('MultiCommand') or core.Group
    out = {
        'name': command.name, 'help': command.help, 'short_help': command.short_help, 'epilog': command.epilog,
        'hidden': bool(getattr(command, 'hidden', False)), 'deprecated': bool(getattr(command, 'deprecated', False)),
        'params': [_click_param(core, param) for param in command.params],
        'group': isinstance(command, group), 'invoke_without_command': bool(getattr(command, 'invoke_without_command', False)),
    }
    if out['group'] and depth < 8:
        named = {}
        for name in command.list_commands(ctx):
            try:
                sub = command.get_command(ctx, name)
            except Exception:
                sub = None
            if sub is not None:
                named.setdefault(id(sub), (sub, []))[1].append(name)
        out['commands'] = []
        for sub, words in named.values():
            child = core.Context(sub, info_name=words[0], parent=ctx)
            out['commands'].append(dict(_click_command(core, sub, child, depth + 1), name=words[0], aliases=words[1:]))
    return out


def _click_tree(core, command):
    root = _click_command(core, command, core.Context(command, info_name=command.name), 0)
    try:
        root['version'] = _click_version(command)
    except Exception:
        pass
    return root


def _patch_click(core):
    for name in ('BaseCommand', 'Command'):
        cls = core.__dict__.get(name)
        if isinstance(cls, type):
            _patch(cls, ('__call__', 'main', 'make_context'), 'click', lambda command, name: False, lambda command: _click_tree(core, command))


class _ImportHook(object):
    """Patches click.core right after it is imported, before the program can call a command."""

    def find_spec(self, name, path=None, target=None):
        if name != 'click.core':
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, 'find_spec'):
                continue
            try:
                spec = finder.find_spec(name, path, target)
            except Exception:
                continue
            if spec is not None and spec.loader is not None and hasattr(spec.loader, 'exec_module'):
                original = spec.loader.exec_module

                def exec_module(module, original=original):
                    original(module)
                    _patch_click(module)
                spec.loader.exec_module = exec_module
                return spec
        return None


sys.meta_path.insert(0, _ImportHook())
# Imported already (a .pth file at startup): patched now.
if 'click.core' in sys.modules:
    _patch_click(sys.modules['click.core'])


def _main():
    script, skip, words = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    _state['skip'] = skip
    # As 'python script' would: the script's own directory first on the path, the working directory not on it.
    sys.path[0] = os.path.dirname(os.path.realpath(script))
    sys.argv = [script] + words
    try:
        runpy.run_path(script, run_name='__main__')
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) or done.code is None else 1
        _report({'ok': False, 'reason': 'exited', 'code': code or 0, 'message': 'it exited before it parsed its arguments'})
    except BaseException as error:
        _report({'ok': False, 'reason': 'error', 'message': '%s: %s' % (type(error).__name__, error)})
    _report({'ok': False, 'reason': 'returned', 'message': 'it ended without parsing its arguments with argparse, optparse or click'})


_main()
`;

/** The whole worker, for `python -c`. */
export const PYTHON_WORKER: string = [COMMON, PARSER_READERS, CLICK_AND_MAIN].join('\n');
