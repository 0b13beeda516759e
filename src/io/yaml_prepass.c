/* placeholder: being written */
typedef int placeholder_yaml_prepass;
