/**
 * Typed errors shared by every game and layer. Each carries a stable `code` so that callers (CLI, bridge,
 * Python client) can branch on it without parsing messages.
 */

/** Error codes used across merlin-gym. Extend, never rename: the bridge sends these to clients. */
export type ErrorCode =
  | 'ILLEGAL_ACTION'
  | 'UNKNOWN_ACTION'
  | 'GAME_OVER'
  | 'INVALID_RULESET'
  | 'INVALID_STATE'
  | 'INVALID_ARGUMENT'
  | 'INVALID_CHECKPOINT'
  | 'MISSING_DEPENDENCY'
  | 'PORT_IN_USE';

/** Base class: a clear, typed error that names what was wrong. */
export class MerlinError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = new.target.name;
  }
}

/**
 * Thrown by `applyAction` when an action is not legal in the current state. The state is left exactly
 * as it was. `action` is the flat action id, `description` its human-readable form, `reason` why it was
 * refused.
 */
export class IllegalActionError extends MerlinError {
  readonly action: number;
  readonly reason: string;
  constructor(action: number, description: string, reason: string) {
    super('ILLEGAL_ACTION', `illegal action ${action} (${description}): ${reason}`);
    this.action = action;
    this.reason = reason;
  }
}

/** Thrown when an action id is outside the action catalogue. */
export class UnknownActionError extends MerlinError {
  readonly action: number;
  constructor(action: number, size: number) {
    super('UNKNOWN_ACTION', `action id ${action} is not in the catalogue (0..${size - 1})`);
    this.action = action;
  }
}

/** Thrown when an action is applied to a finished game. */
export class GameOverError extends MerlinError {
  constructor() {
    super('GAME_OVER', 'the game is over: no action can be applied');
  }
}

/** Thrown when a ruleset file fails validation; `issues` lists each bad field with its path. */
export class RulesetError extends MerlinError {
  readonly issues: { path: string; message: string }[];
  constructor(source: string, issues: { path: string; message: string }[]) {
    super('INVALID_RULESET', `invalid ruleset ${source}:\n` + issues.map((i) => `  - ${i.path || '(root)'}: ${i.message}`).join('\n'));
    this.issues = issues;
  }
}

/** Thrown when a serialised state cannot be read (wrong version, ruleset mismatch, malformed). */
export class StateError extends MerlinError {
  constructor(message: string) {
    super('INVALID_STATE', message);
  }
}

/** Thrown for a bad argument to a public function (CLI flag, option). */
export class ArgumentError extends MerlinError {
  constructor(message: string) {
    super('INVALID_ARGUMENT', message);
  }
}

/**
 * Thrown when a feature needs optional dependencies (package.json `optionalDependencies`: tfjs for training, vega
 * for charts, openskill for ratings) that are not installed, as after `npm install --omit=optional`.
 * `dependencies` lists the missing packages; `command` is the npm command that installs them.
 */
export class MissingDependencyError extends MerlinError {
  readonly dependencies: readonly string[];
  readonly command: string;
  constructor(subject: string, dependencies: readonly string[], command: string) {
    const one = dependencies.length === 1;
    const names = one ? dependencies[0] : `${dependencies.slice(0, -1).join(', ')} and ${dependencies[dependencies.length - 1]}`;
    super(
      'MISSING_DEPENDENCY',
      `${subject} needs ${names}: ${one ? 'an optional dependency' : 'optional dependencies'} of merlin-gym, not installed ` +
        `here (npm install --omit=optional leaves ${one ? 'it' : 'them'} out); install ${one ? 'it' : 'them'} with \`${command}\``,
    );
    this.dependencies = dependencies;
    this.command = command;
  }
}

/** Thrown when a server cannot listen because its port is taken (`merlin serve`, `merlin play`). */
export class PortInUseError extends MerlinError {
  readonly port: number;
  readonly host: string;
  constructor(port: number, host: string) {
    super(
      'PORT_IN_USE',
      `port ${port} on ${host} is in use by another program: choose another with --port N, or --port 0 for any free port`,
    );
    this.port = port;
    this.host = host;
  }
}
