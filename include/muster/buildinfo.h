/* What build of muster this is: written into every output file. */
#ifndef MUSTER_BUILDINFO_H
#define MUSTER_BUILDINFO_H

/* The tool's semantic version, e.g. "0.1.0". */
extern const char mu_tool_version[];

/* The git commit the tool was built from ("-dirty" appended when the work
 * tree had uncommitted changes; "unknown" outside a git checkout). */
extern const char mu_git_commit[];

#endif
