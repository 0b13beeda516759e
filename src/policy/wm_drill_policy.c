/* placeholder: being written */
typedef int placeholder_wm_drill_policy;
