// What tests of several families start from, written once: a team with a member (team.ts),
// an app with a parsed package, a complete version, a released one, an operator who
// reviews (release.ts). A family's own helpers stay in its __tests__/.
export * from './team';
export * from './release';
