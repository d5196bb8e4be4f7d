/** The Python worker's readers of argparse and optparse parsers (see worker-source.ts). */
export const PARSER_READERS = String.raw`# argparse
import argparse

_ARGPARSE_KINDS = (
    ('help', '_HelpAction'), ('version', '_VersionAction'), ('parsers', '_SubParsersAction'),
    ('boolean_optional', 'BooleanOptionalAction'), ('extend', '_ExtendAction'), ('append_const', '_AppendConstAction'),
    ('append', '_AppendAction'), ('count', '_CountAction'), ('store_true', '_StoreTrueAction'),
    ('store_false', '_StoreFalseAction'), ('store_const', '_StoreConstAction'), ('store', '_StoreAction'),
)


def _argparse_kind(action):
    for kind, name in _ARGPARSE_KINDS:
        cls = getattr(argparse, name, None)
        if cls is not None and isinstance(action, cls):
            return kind
    return 'custom'


def _argparse_help(parser, text, action):
    if text is None or text == argparse.SUPPRESS:
        return None
    try:
        return parser._get_formatter()._expand_help(action) if action is not None else str(text)
    except Exception:
        return str(text)


def _argparse_action(parser, action):
    kind = _argparse_kind(action)
    out = {
        'kind': kind, 'class': type(action).__name__, 'option_strings': list(action.option_strings), 'dest': action.dest,
        'nargs': action.nargs if action.nargs is None or isinstance(action.nargs, (int, str)) else str(action.nargs),
        'type': _type_name(action.type), 'choices': None if kind == 'parsers' else _choices(action.choices),
        'required': bool(action.required), 'help': _argparse_help(parser, action.help, action),
        'hidden': action.help == argparse.SUPPRESS, 'metavar': _plain(action.metavar),
    }
    if action.default is not None and action.default != argparse.SUPPRESS:
        out['default'] = _plain(action.default)
    if kind == 'version':
        out['version'] = str(getattr(action, 'version', None) or '').replace('%(prog)s', parser.prog)
    if kind == 'parsers':
        helps = dict((pseudo.dest, pseudo.help) for pseudo in action._choices_actions)
        named = {}
        for name, sub in action.choices.items():
            named.setdefault(id(sub), (sub, []))[1].append(name)
        out['commands'] = [
            {'name': words[0], 'aliases': words[1:], 'help': _argparse_help(parser, helps.get(words[0]), None),
             'hidden': helps.get(words[0]) == argparse.SUPPRESS, 'parser': _argparse_parser(sub, False)}
            for sub, words in named.values()
        ]
    return out


def _argparse_parser(parser, root=True):
    exclusive = [
        {'required': bool(group.required), 'members': [action.dest for action in group._group_actions]}
        for group in parser._mutually_exclusive_groups
    ]
    out = {
        'prog': parser.prog, 'description': parser.description, 'epilog': parser.epilog, 'prefix_chars': parser.prefix_chars,
        'actions': [_argparse_action(parser, action) for action in parser._actions], 'exclusive': exclusive,
    }
    if root:
        out['help'] = parser.format_help()
    return out


def _argparse_first_pass(parser, name):
    # flake8 and virtualenv read a few options with a parser that has no help before building the real one.
    return 'known' in name and not any(isinstance(action, argparse._HelpAction) for action in parser._actions)


_patch(argparse.ArgumentParser, ('parse_args', 'parse_known_args', 'parse_intermixed_args', 'parse_known_intermixed_args'), 'argparse', _argparse_first_pass, _argparse_parser)


# optparse
import optparse


def _optparse_option(parser, option):
    out = {
        'short': list(option._short_opts), 'long': list(option._long_opts), 'action': option.action, 'dest': option.dest,
        'type': option.type, 'nargs': option.nargs, 'takes_value': bool(option.takes_value()),
        'choices': _choices(option.choices), 'metavar': option.metavar, 'hidden': option.help == optparse.SUPPRESS_HELP,
        'help': None,
    }
    if option.help is not None and option.help != optparse.SUPPRESS_HELP:
        try:
            out['help'] = parser.formatter.expand_default(option)
        except Exception:
            out['help'] = str(option.help)
    default = parser.defaults.get(option.dest) if option.dest else None
    if default is not None and default is not optparse.NO_DEFAULT:
        out['default'] = _plain(default)
    return out


def _optparse_parser(parser):
    options = list(parser.option_list)
    for group in parser.option_groups:
        options.extend(group.option_list)
    try:
        usage = parser.get_usage()
    except Exception:
        usage = None
    return {
        'prog': parser.get_prog_name(), 'usage': usage, 'description': parser.get_description() if parser.description else None, 'epilog': parser.epilog,
        'version': parser.get_version() if parser.version else None, 'interspersed': bool(parser.allow_interspersed_args),
        'options': [_optparse_option(parser, option) for option in options], 'help': parser.format_help(),
    }


# _get_args is where every parse starts, yt-dlp's own parse_known_args too.
_patch(optparse.OptionParser, ('parse_args', '_get_args'), 'optparse', lambda parser, name: False, _optparse_parser)
`;
