import type { RiskWarning } from '@tinyelf/core';

/** A call that needs the user's word. */
export interface ConfirmationRequest {
  /** The tool the model wants to call. */
  readonly toolName: string;
  /** Its validated arguments. */
  readonly args: unknown;
  /** The risk warnings the tool gave for these arguments. */
  readonly warnings: readonly RiskWarning[];
  /** Why the call asks, in a sentence for the user. */
  readonly reason?: string;
  /** The rule that made it ask (`ask: Bash(git push:*)`), when one did. */
  readonly matchedRule?: string;
}

/** What the user answered. */
export type ConfirmationAnswer = 'allow' | 'deny' | 'allow-always';

/** Something that happened in the loop, for display. */
export type AgentEvent =
  | {
      /** The model is asked (once per iteration). */
      readonly type: 'model';
      /** The iteration, from 1. */
      readonly iteration: number;
    }
  | {
      /** The model called a tool. */
      readonly type: 'tool-call';
      /** The tool called. */
      readonly toolName: string;
      /** Its parsed arguments. */
      readonly args: unknown;
    }
  | {
      /** A tool call finished. */
      readonly type: 'tool-result';
      /** The tool called. */
      readonly toolName: string;
      /** True when the call failed. */
      readonly isError: boolean;
      /** The text the model gets. */
      readonly content: string;
    };
