/**
 * The two sample screens, one chunk for both routes: they are a few hundred bytes each, and
 * every `import()` adds the names of the chunks it needs to the entry, which the sign-in pages
 * load too (their budget, decision 0010).
 */
export { ProjectsPage } from './ProjectsPage';
export { TasksPage } from './TasksPage';
