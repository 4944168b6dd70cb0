import { defineProject } from 'vitest/config';
import { packageProject } from '../../vitest.shared';

export default defineProject(packageProject(new URL('.', import.meta.url), 'tool-remote'));
