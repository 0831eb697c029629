import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Lists of cards render in the background (a transition React slices, docs/architecture.md#spa):
// on a loaded 2-core CI machine they can take longer than testing-library's default 1 s to
// appear. Waiting longer changes no assertion, only how long a find may wait.
configure({ asyncUtilTimeout: 4_000 });
