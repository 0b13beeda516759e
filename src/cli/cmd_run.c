/* placeholder: being written */
typedef int placeholder_cmd_run;
